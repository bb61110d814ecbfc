import { isDatabaseUnavailable } from './unavailable.js';

/** 40001 serialization_failure: what a standby answers a read it cancels in conflict with recovery. */
const RECOVERY_CONFLICT = '40001';
/** 57014 query_canceled: our `statement_timeout`, a read that is slow wherever it runs. */
const STATEMENT_TIMEOUT = '57014';

/**
 * Why a read failed on the replica for a reason of the replica's, so that the primary should
 * answer it instead: `down` (unreachable, its connection broke or timed out, it is stopping or
 * starting: `isDatabaseUnavailable`), `conflict` (a recovery conflict); undefined for a failure
 * the primary would answer alike (bad input, a statement that times out).
 */
export function replicaFailure(error: unknown): 'down' | 'conflict' | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === RECOVERY_CONFLICT) return 'conflict';
  if (code === STATEMENT_TIMEOUT) return undefined;
  return isDatabaseUnavailable(error) ? 'down' : undefined;
}
