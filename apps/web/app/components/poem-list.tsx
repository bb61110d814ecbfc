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
};

/** Poems as a list of their titles, authors, first lines and tags. */
export function PoemList({ poems, empty, titleLevel = 3 }: PoemListProps) {
  if (poems.length === 0) return <p>{empty}</p>;
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="poem-list">
      {poems.map((poem) => (
        <li key={poem.id}>
          <article>
            <Title className="poem-title">
              <Link to={poemPath(poem.id)}>{poem.title}</Link>
            </Title>
            <p className="byline">
              by <Link to={authorPath(poem.author.username)}>{poem.author.fullname}</Link>
            </p>
            <PoemText text={poem.opening} className="opening" />
            <TagLinks tags={poem.tags} label={`Tags of ${poem.title}`} />
          </article>
        </li>
      ))}
    </ul>
  );
}
