import type pg from 'pg';
import { notFound, unprocessable } from '../../errors.js';
import { resolveAuthorId } from '../common/author-ref.js';

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Following authors: the `author_follow` relation, one atomic statement a change. Triggers keep
 * both authors' counters in the statement's own transaction.
 */
export function createAuthorService(pool: pg.Pool) {
  return {
    /**
     * Idempotent: racing follows of the same pair make one row and no error. Answers the
     * followee's id; 404 when either author is gone (deleted since they were looked up).
     */
    async follow(followerId: string, ref: string): Promise<string> {
      const followeeId = await resolveAuthorId(pool, ref);
      if (followeeId === followerId) throw unprocessable('You cannot follow yourself');
      try {
        await pool.query(
          'INSERT INTO author_follow (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [followerId, followeeId],
        );
      } catch (error) {
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound('Author');
        throw error;
      }
      return followeeId;
    },

    /** Idempotent. Answers the followee's id. */
    async unfollow(followerId: string, ref: string): Promise<string> {
      const followeeId = await resolveAuthorId(pool, ref);
      await pool.query('DELETE FROM author_follow WHERE follower_id = $1 AND followee_id = $2', [
        followerId,
        followeeId,
      ]);
      return followeeId;
    },
  };
}
