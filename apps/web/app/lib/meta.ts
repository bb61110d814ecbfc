import type { MetaDescriptor } from 'react-router';
import { cut } from './authored-text';
import { publicFile } from './public-file';

/** The site's own 1200×630 link-preview image (`public/`), for pages without an author's. */
const DEFAULT_SHARE_IMAGE = publicFile('/share-default.png');
const DEFAULT_SHARE_IMAGE_ALT = 'Poetry';

type PageMetaOptions = {
  /** An absolute 1200×630 image URL (a poem's card, an author's `share_image_url`); else the site's. */
  image?: string | null;
  /** What `image` shows, for those who cannot see it; the site's image has its own. */
  imageAlt?: string;
  /** Open Graph's type: `article` for a poem, `profile` for an author; else `website`. */
  type?: 'website' | 'article' | 'profile';
  /** Keep the page out of search engines (a share link's draft). */
  noindex?: boolean;
};

/**
 * The most of a description a page's meta tags carry (search engines show about 160 characters):
 * a bio or a collection's description is up to 2,000, and a page says it three times.
 */
const DESCRIPTION_MAX = 200;
/** Enough of a description to fill `DESCRIPTION_MAX` once its white space is collapsed. */
const DESCRIPTION_READ = 4 * DESCRIPTION_MAX;

/** `description` on one line, in at most `DESCRIPTION_MAX` characters. */
const shortDescription = (description: string) =>
  cut(description.slice(0, DESCRIPTION_READ).replace(/\s+/g, ' ').trim(), DESCRIPTION_MAX);

/** What a meta function gets that `pageMeta` needs: the page's path and the root's public URL. */
export type MetaArgs = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

/** What the root's loader gives every page's meta: the public URL, and whether a form was refused. */
const rootDataOf = ({ matches }: MetaArgs) =>
  matches.find((match) => match?.id === 'root')?.data as
    | { publicUrl?: string; formRefused?: boolean }
    | undefined;

export const publicUrlOf = (args: MetaArgs): string => rootDataOf(args)?.publicUrl ?? '';

/** A page's link-preview image: the author's `image` (absolute already), else the site's. */
const shareImageUrl = (publicUrl: string, image: string | null | undefined) =>
  image ?? `${publicUrl}${DEFAULT_SHARE_IMAGE}`;

/**
 * A page's title (with the site's name; “Error: ” first when the page shows a refused form, so
 * that it is the first thing read), description, and link-preview tags (Open Graph and Twitter
 * card) pointing at its canonical URL; the canonical link itself is the root's.
 */
export function pageMeta(
  args: MetaArgs,
  title: string,
  description: string,
  { image, imageAlt, type = 'website', noindex = false }: PageMetaOptions = {},
): MetaDescriptor[] {
  const publicUrl = publicUrlOf(args);
  const shown = shortDescription(description);
  const imageUrl = shareImageUrl(publicUrl, image);
  const alt = image ? imageAlt : DEFAULT_SHARE_IMAGE_ALT;
  return [
    { title: `${rootDataOf(args)?.formRefused ? 'Error: ' : ''}${title} · Poetry` },
    { name: 'description', content: shown },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: 'Poetry' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: shown },
    { property: 'og:url', content: `${publicUrl}${args.location.pathname}` },
    { property: 'og:type', content: type },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    ...(alt ? [{ property: 'og:image:alt', content: alt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: imageUrl },
  ];
}
