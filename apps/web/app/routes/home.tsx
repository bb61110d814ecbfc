import { ApiError } from '@poetry/sdk';
import { data, Link } from 'react-router';
import { browserApi, hasCookie } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta('Poems worth reading', 'Poetry: read poems, follow the poets you like, publish your own.');

/** Who is logged in, if anyone; the API renews the session's cookie, which the page passes on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!hasCookie(request)) return { author: null };
  const api = browserApi(request, context);
  try {
    const { author } = await api.client.me.get();
    return data({ author }, { headers: api.setCookies() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { author: null };
    throw error;
  }
}

export default function Home({ loaderData: { author } }: Route.ComponentProps) {
  return (
    <>
      <h1>Poetry</h1>
      {author ? (
        <>
          <p>
            You are logged in as <strong>{author.fullname}</strong> ({author.email}).
          </p>
          <p>
            {author.email_verified
              ? 'Your email address is verified.'
              : 'Your email address is not verified yet: follow the link in the mail we sent you.'}
          </p>
          <p>
            <Link to="/logout">Log out</Link>
          </p>
        </>
      ) : (
        <>
          <p>You are not logged in.</p>
          <p>
            <Link to="/login">Log in</Link> or <Link to="/signup">sign up</Link>.
          </p>
        </>
      )}
    </>
  );
}
