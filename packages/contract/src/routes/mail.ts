import { OneClickBody, UnsubscribeQuery, UnsubscribeResponse } from '../schemas/mail.js';
import { c, type RouteMetadata, responses } from './shared.js';

export const mail = c.router({
  unsubscribe: {
    method: 'POST',
    path: '/api/mail/unsubscribe',
    summary: 'Stop the mail about new poems (one click)',
    description:
      "The `List-Unsubscribe` URL of a new-poem mail (RFC 8058): sets the token's reader's `new_poem_mail` to " +
      '`off`. Needs no login and no cookie, and is accepted from any origin: the token alone (single use, valid ' +
      '60 days, for this and nothing else) says who. A forged, used or expired token is 422 and changes nothing; ' +
      'a body other than `List-Unsubscribe=One-Click` is 400 (sent as a form, as mail clients do, or as JSON).',
    contentType: 'application/x-www-form-urlencoded',
    query: UnsubscribeQuery,
    body: OneClickBody,
    responses: responses({ 200: UnsubscribeResponse }, 413, 415, 422),
    // Idempotent as to its effect, but a second use of the token is 422: not one to resend blindly.
    metadata: { requiresLogin: false, anyOrigin: true } satisfies RouteMetadata,
  },
});
