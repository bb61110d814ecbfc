import { redirectDocument, type UIMatch } from 'react-router';

/**
 * Which pages ship React Router's scripts. Reader pages ship none: they are read, not used, and
 * a poem page stays a few kilobytes (its read count is `public/count-read.js`). Pages whose forms
 * gain from submitting in place opt in with `export const handle = hydrated`.
 */
export const hydrated = { hydrate: true } as const;

/** Whether this page ships React Router's scripts: some route on it opts in. */
export const pageHydrates = (matches: UIMatch[]): boolean =>
  matches.some((match) => (match.handle as Partial<typeof hydrated> | undefined)?.hydrate === true);

/**
 * The `clientLoader` of a page that ships no scripts: reached by a link from a hydrated page, it
 * loads as a document, so that it is the same page, with its own script, however one arrives.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  throw redirectDocument(request.url);
}
