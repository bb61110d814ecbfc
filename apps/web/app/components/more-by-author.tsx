import type { AuthorSummary, PoemLink } from '@poetry/sdk';
import { Link } from 'react-router';
import { authorPath, poemPath } from '../lib/paths';

/** A few other poems of a poem's author, under the poem; nothing when they have no other. */
export function MoreByAuthor({ author, poems }: { author: AuthorSummary; poems: readonly PoemLink[] }) {
  if (poems.length === 0) return null;
  return (
    <section className="more-by" aria-labelledby="more-by">
      <h2 id="more-by">
        More by <Link to={authorPath(author.username)}>{author.fullname}</Link>
      </h2>
      <ul>
        {poems.map((poem) => (
          <li key={poem.id}>
            <Link to={poemPath(poem.id)}>{poem.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
