import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { IntentButton } from './intent-button';

/** The id of the part of a page the follow button stands in, where following brings the reader back to. */
export const FOLLOW_SECTION = 'follow';

/**
 * Follow or unfollow what the page shows (an author, a collection), for a logged-in reader who is
 * not `ownerId`; the way to log in for a reader who is not logged in.
 */
export function FollowButton({ followed, ownerId }: { followed: boolean; ownerId: string }) {
  const me = useRouteLoaderData<typeof rootLoader>('root')?.author;
  if (!me) {
    return (
      <p>
        <Link to="/login">Log in to follow</Link>
      </p>
    );
  }
  if (me.id === ownerId) return null;
  return (
    <IntentButton
      intent={followed ? 'unfollow' : 'follow'}
      label={followed ? 'Unfollow' : 'Follow'}
      section={FOLLOW_SECTION}
    />
  );
}
