import type { Poem } from '@poetry/sdk';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { firstLine } from '../lib/authored-text';
import { authorPath } from '../lib/paths';
import { AuthorPhoto } from './author-photo';
import { LongDate } from './date-time';
import { PoemBody } from './poem-body';
import { TagLinks } from './tag-links';

/** A poem as a page shows it: title, author, the text, its tags; `children` below (the likes). */
export function PoemArticle({ poem, children }: { poem: Poem; children?: ReactNode }) {
  return (
    <article className="poem">
      <h1>{poem.title || 'Untitled'}</h1>
      <p className="byline">
        <AuthorPhoto author={poem.author} size="medium" />
        <span>
          by <Link to={authorPath(poem.author.username)}>{poem.author.fullname}</Link>
          {poem.published_at && (
            <>
              {' · '}
              <LongDate iso={poem.published_at} />
            </>
          )}
        </span>
      </p>
      <PoemBody body={poem.body} />
      <TagLinks tags={poem.tags} />
      {children}
    </article>
  );
}

/** How much of a poem's first line its meta description quotes. */
const DESCRIPTION_LINE_MAX = 120;

/** A meta description of a poem: its first line and its author. */
export const poemDescription = (poem: Poem) =>
  `${firstLine(poem.body, DESCRIPTION_LINE_MAX) || poem.title}, a poem by ${poem.author.fullname}.`;
