import type { Outcome } from './send.js';

/** Whether an answer is RFC 9457 problem+json with this `code` and the matching status. */
export function isProblem(outcome: Pick<Outcome, 'status' | 'headers' | 'body'>, code: string): boolean {
  if (!String(outcome.headers['content-type']).startsWith('application/problem+json')) return false;
  try {
    const problem = JSON.parse(outcome.body) as { status?: unknown; code?: unknown };
    return problem.code === code && problem.status === outcome.status;
  } catch {
    return false;
  }
}
