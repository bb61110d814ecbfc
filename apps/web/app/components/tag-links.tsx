import { Link } from 'react-router';
import { tagPath } from '../lib/paths';

/** Tags as links to their pages. */
export function TagLinks({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagPath(tag)}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}
