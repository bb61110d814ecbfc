import type { PoemAround } from '@poetry/sdk';
import { Link } from 'react-router';
import { collectionPath, poemPath } from '../lib/paths';

/**
 * The way through a collection from one of its poems: the collection, and the poems listed
 * before and after it there, whose pages lead on in turn.
 */
export function CollectionNeighbours({ collection }: { collection: NonNullable<PoemAround['collection']> }) {
  const { id, title, owner, previous, next } = collection;
  const name = title || 'Untitled';
  const ways = [
    { rel: 'prev', label: 'Previous poem', poem: previous },
    { rel: 'next', label: 'Next poem', poem: next },
  ].flatMap(({ poem, ...way }) => (poem ? [{ ...way, poem }] : []));
  return (
    <nav className="collection-nav" aria-label={`In the collection ${name}`}>
      <p>
        In the collection <Link to={collectionPath(owner.username, id)}>{name}</Link>
      </p>
      {ways.length > 0 && (
        <ul>
          {ways.map(({ rel, label, poem }) => (
            <li key={rel}>
              <Link to={poemPath(poem.id, id)} rel={rel}>
                {label}: {poem.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
