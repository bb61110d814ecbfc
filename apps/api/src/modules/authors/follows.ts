import type pg from 'pg';

const FOREIGN_KEY_VIOLATION = '23503';

/** The `author_follow` relation. Triggers keep both authors' counters, in the statement's own transaction. */
export function createFollows(pool: pg.Pool) {
  return {
    /**
     * Idempotent: racing inserts of the same pair make one row and no error. False when one of
     * the two authors is gone (deleted since it was looked up).
     */
    async add(followerId: string, followeeId: string): Promise<boolean> {
      try {
        await pool.query(
          `INSERT INTO author_follow (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [followerId, followeeId],
        );
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return false;
        throw error;
      }
    },

    async remove(followerId: string, followeeId: string): Promise<void> {
      await pool.query(`DELETE FROM author_follow WHERE follower_id = $1 AND followee_id = $2`, [
        followerId,
        followeeId,
      ]);
    },
  };
}
