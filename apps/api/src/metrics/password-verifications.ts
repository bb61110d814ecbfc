import { Counter } from 'prom-client';

/**
 * `password_verifications_total`: argon2 checks of a password (login, a change of credentials),
 * the costliest work a request can ask for; a refused login must not reach one. Counted for the
 * process, so that the check need not know of the metrics; `createServiceMetrics` serves it.
 */
export const passwordVerifications = new Counter({
  name: 'password_verifications_total',
  help: 'Passwords checked against their argon2 hash (login, changes of credentials)',
  registers: [],
});
