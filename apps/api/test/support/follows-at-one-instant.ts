import type { LoggedInAuthor } from './logged-in-authors.js';
import { loggedInAuthors } from './logged-in-authors.js';
import type { TestServer } from './server.js';

/** When each of f0..f4 follows, to the microsecond: f1, f2 and f3 at one instant. */
const FOLLOWED_AT = { f0: '.000001', f1: '.000002', f2: '.000002', f3: '.000002', f4: '.000003' };

/**
 * Five authors f0..f4, and a follow of each made in the order f0 to f4 but f1 to f3 at the same
 * microsecond, which only the database can make. `pair` says who follows whom.
 */
export async function followsAtOneInstant(
  server: TestServer,
  pair: (author: LoggedInAuthor) => { followerId: string; followeeId: string },
) {
  const authors = await loggedInAuthors(server, ['f0', 'f1', 'f2', 'f3', 'f4']);
  for (const [name, author] of Object.entries(authors)) {
    const { followerId, followeeId } = pair(author);
    await server.pool.query(
      'INSERT INTO author_follow (follower_id, followee_id, created_at) VALUES ($1, $2, $3)',
      [followerId, followeeId, `2026-01-02 03:04:05${FOLLOWED_AT[name as keyof typeof FOLLOWED_AT]}+00`],
    );
  }
  return authors;
}
