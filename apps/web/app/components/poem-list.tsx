import type { Poem } from '@poetry/sdk';
import { Link } from 'react-router';
import type { ListedPoem } from '../lib/listed-poem';
import { authorPath, poemPath } from '../lib/paths';
import { PoemText } from './poem-body';
import { TagLinks } from './tag-links';

type PoemListProps = {
  poems: readonly ListedPoem<Poem>[];
  /** What to say when there are none. */
  empty: string;
  /** The titles' heading level: one below the heading the list stands under. */
  titleLevel?: 2 | 3;
  /** The author the page already names (the author's own page, a collection's owner): no byline under their poems. */
  impliedAuthorId?: string;
  /** The collection the list shows: each poem's page then leads to the poems beside it there. */
  collectionId?: string;
};

/** Poems as a list of their titles, authors, first lines and tags. */
export function PoemList({ poems, empty, titleLevel = 3, impliedAuthorId, collectionId }: PoemListProps) {
  if (poems.length === 0) return <p>{empty}</p>;
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="poem-list">
      {poems.map((poem) => (
        <li key={poem.id}>
          <article>
            <Title className="poem-title">
              <Link to={poemPath(poem.id, collectionId)}>{poem.title}</Link>
            </Title>
            {poem.author.id !== impliedAuthorId && (
              <p className="byline">
                by <Link to={authorPath(poem.author.username)}>{poem.author.fullname}</Link>
              </p>
            )}
            <PoemText text={poem.opening} className="opening" />
            <TagLinks tags={poem.tags} label={`Tags of ${poem.title}`} />
          </article>
        </li>
      ))}
    </ul>
  );
}
