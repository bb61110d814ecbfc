import type { PrivateAuthor } from '@poetry/sdk';
import { Link } from 'react-router';
import { authorPath } from '../lib/paths';

/** The header's account links: the logged-in author's page, studio and log out, or log in and sign up. */
export function AccountNav({ author }: { author: Pick<PrivateAuthor, 'username' | 'fullname'> | null }) {
  return (
    <nav aria-label="Account" className="account-nav">
      {author ? (
        <>
          <Link to={authorPath(author.username)}>{author.fullname}</Link>
          <Link to="/studio">Studio</Link>
          <Link to="/logout">Log out</Link>
        </>
      ) : (
        <>
          <Link to="/login">Log in</Link>
          <Link to="/signup">Sign up</Link>
        </>
      )}
    </nav>
  );
}
