import { type ContractOtherResponse, initContract } from '@ts-rest/core';
import { z } from 'zod';
import { type ProblemStatus, problems } from '../schemas/errors.js';

export const c: ReturnType<typeof initContract> = initContract();

/**
 * A route's `responses`: its success response(s) plus Problem bodies for the statuses every route
 * can answer (400 bad input, 429 rate limited, 500, 503)
 * and the route's own `errors`.
 */
export function responses<
  const S extends Record<number, z.ZodTypeAny | ContractOtherResponse<z.ZodTypeAny>>,
  const E extends readonly ProblemStatus[],
>(success: S, ...errors: E) {
  return { ...success, ...problems(400, 429, 500, 503, ...errors) };
}

/**
 * Route metadata. `requiresLogin`: the server answers 401 before the handler runs without a
 * logged-in session. `idempotent`: sending the request twice does what sending it once does, so a
 * client may send it again when it cannot tell whether the first arrived (GET and HEAD always are).
 * `session`: its success always sets the session cookie, to a new session (`starts`) or to an
 * expired one (`ends`). `anyOrigin`: a change any site may ask for (no 403 for a cross-site
 * request), for a route that acts on a token in the request alone, never on the session cookie.
 */
export type RouteMetadata = {
  requiresLogin: boolean;
  idempotent?: boolean;
  session?: 'starts' | 'ends';
  anyOrigin?: boolean;
};

/** Marks a route that answers 401 unauthenticated without a logged-in session. */
export const LOGIN: RouteMetadata = { requiresLogin: true };

/** A route like `LOGIN` that is also idempotent: safe to send again. */
export const LOGIN_IDEMPOTENT: RouteMetadata = { requiresLogin: true, idempotent: true };

/** Whether a client may send this request again when it cannot tell whether it arrived. */
export const isSafeToRepeat = (route: { method: string; metadata?: unknown }) =>
  route.method === 'GET' || (route.metadata as RouteMetadata | undefined)?.idempotent === true;

// Path parameters are plain strings on purpose: a malformed id is 404 not_found, never 400.

export const authorId = z.string().describe('Author id (UUID) or username');
export const poemId = z.string().describe('Poem id (UUID)');
export const collectionId = z.string().describe('Collection id (UUID)');
export const shareKey = z.string().describe("A poem's share key (its owner's `share_key`)");

/** Sentence shared by every paginated list. */
export const PAGINATED = 'Paginated with `limit` and `cursor` (pass back `next_cursor` or `prev_cursor`).';
