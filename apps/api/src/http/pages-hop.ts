import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

/** The header the pages' calls into the API carry this process's secret in. */
const PROOF_HEADER = 'poetry-pages-proof';

/** Headers that prove a call comes from this process's own pages. */
export type PagesHopProof = Readonly<Record<string, string>>;

export type PagesHop = {
  proof: PagesHopProof;
  /**
   * The app's first layer: a call that proves it comes from the pages names its browser's address
   * and scheme (`X-Forwarded-For`, `X-Forwarded-Proto`); every other request is judged by the
   * configured `trust proxy` alone, loopback callers included. The proof is taken off every
   * request, so that nothing after this layer can log or pass it on.
   */
  namingTheClient: RequestHandler;
};

/** The last address of an `X-Forwarded-For` (the pages send one: the address they resolved). */
const lastForwarded = (header: string | undefined) => header?.split(',').at(-1)?.trim() || undefined;

const FORWARDED_SCHEMES = new Set(['http', 'https']);

/** Overrides Express's getters for this request only (`req.secure` reads `req.protocol`). */
const setOwn = (req: Request, name: 'ip' | 'protocol', value: string) =>
  Object.defineProperty(req, name, { value, configurable: true, enumerable: true });

/**
 * The pages reach the API over loopback for the browser, so they say who the browser is, and
 * per-IP limits, login throttling and Secure cookies must judge the browser. A loopback address
 * proves nothing (any local proxy or process can connect from it), so the pages prove themselves
 * with a secret made here, at start, for this process only: never configured, logged or sent
 * anywhere but to this process, and compared in constant time.
 */
export function createPagesHop(): PagesHop {
  const secret = Buffer.from(randomBytes(32).toString('base64url'));
  const proven = (sent: string | string[] | undefined) => {
    if (typeof sent !== 'string') return false;
    const given = Buffer.from(sent);
    return given.length === secret.length && timingSafeEqual(given, secret);
  };
  return {
    proof: { [PROOF_HEADER]: secret.toString() },
    namingTheClient: (req, _res, next) => {
      const sent = req.headers[PROOF_HEADER];
      delete req.headers[PROOF_HEADER];
      if (proven(sent)) {
        const address = lastForwarded(req.get('x-forwarded-for'));
        const scheme = req.get('x-forwarded-proto')?.trim();
        if (address) setOwn(req, 'ip', address);
        if (scheme && FORWARDED_SCHEMES.has(scheme)) setOwn(req, 'protocol', scheme);
      }
      next();
    },
  };
}

/** The proof a page's calls into the API send, as `servePages` hands it to the pages. */
export const pagesHopProofOf = (res: Response): PagesHopProof => res.locals.pagesHopProof;

export const handPagesHopProof =
  (proof: PagesHopProof): RequestHandler =>
  (_req, res, next) => {
    res.locals.pagesHopProof = proof;
    next();
  };
