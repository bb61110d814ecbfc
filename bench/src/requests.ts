import type { Request } from 'autocannon';

/**
 * A step of a scenario's sequence as autocannon sends it: its defaults filled in, then its
 * `setupRequest` applied with the sequence's context. Undefined when `setupRequest` answers
 * nothing, which ends the sequence early (autocannon starts it again).
 */
export function resolveRequest(step: Request, context: object): Request | undefined {
  if (typeof step.setupRequest === 'string')
    throw new Error('setupRequest as a file (workers) is not supported');
  const request: Request = { method: 'GET', path: '/', ...step, headers: { ...step.headers } };
  return step.setupRequest ? step.setupRequest(request, context) || undefined : request;
}

/** Whether a shared cache may answer every step: GETs with no cookie and no credentials. */
export function isAnonymousRead(requests: Request[]): boolean {
  const context = {};
  return requests.every((step) => {
    const request = resolveRequest(step, context);
    const headers = Object.keys(request?.headers ?? {}).map((name) => name.toLowerCase());
    return request?.method === 'GET' && !headers.includes('cookie') && !headers.includes('authorization');
  });
}
