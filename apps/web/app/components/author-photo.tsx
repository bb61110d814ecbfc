import type { AuthorSummary } from '@poetry/sdk';

/** The photo's sizes in CSS pixels (`.photo-<size>` in the styles: the CSP allows no style attribute). */
const PIXELS = { small: 40, medium: 48, large: 96 } as const;

/** The photo's widths for `srcset`: the browser takes the smallest that fills the shown size sharply. */
const srcSetOf = (sizes: AuthorSummary['profile_photo_sizes']) =>
  sizes.map(({ url, width }) => `${url} ${width}w`).join(', ');

/**
 * An author's round photo, or their initial where they have none. Decorative (`alt=""`): the
 * name is always written beside it.
 */
export function AuthorPhoto({ author, size }: { author: AuthorSummary; size: keyof typeof PIXELS }) {
  if (!author.profile_photo_url) {
    return (
      <span className={`photo photo-${size} photo-initial`} aria-hidden="true">
        {author.fullname.charAt(0)}
      </span>
    );
  }
  const pixels = PIXELS[size];
  return (
    <img
      className={`photo photo-${size}`}
      src={author.profile_photo_url}
      srcSet={srcSetOf(author.profile_photo_sizes)}
      sizes={`${pixels}px`}
      alt=""
      width={pixels}
      height={pixels}
    />
  );
}
