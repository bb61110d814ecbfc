/**
 * How long a request may wait on PostgreSQL before it fails with 503 `unavailable`
 * (`db/unavailable.ts`), so that none waits forever. A stopped or restarting PostgreSQL answers
 * at once (connection refused, SQLSTATE 57P01/57P03), so then requests fail within milliseconds;
 * these bound the cases where it does not answer at all (a dead host, a network partition, a
 * stuck server). Both pools use them; migrations do not (they may run as long as they need).
 *
 * Not tighter: opening a connection runs SCRAM's key derivation on libuv's thread pool, where it
 * queues behind password hashes; 50 signups at once on two cores kept one waiting over 1.5 s.
 */
export const DATABASE_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one in a full pool. */
  connectMs: 5_000,
  /** One statement, ended by PostgreSQL itself (`statement_timeout`, SQLSTATE 57014). */
  statementMs: 5_000,
  /**
   * One statement's answer, when PostgreSQL does not answer at all: the pool's clients through
   * `endConnectionWhenUnanswered` (answer-timeout.ts), the ORM's through pg's `query_timeout`.
   */
  answerMs: 6_000,
} as const;

/** The `pg` client settings that bound each statement of the ORM's clients. */
export const statementLimits = {
  statement_timeout: DATABASE_TIMEOUTS.statementMs,
  query_timeout: DATABASE_TIMEOUTS.answerMs,
};
