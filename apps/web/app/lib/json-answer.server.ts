import Negotiator from 'negotiator';
import type { EntryContext } from 'react-router';

/** What a page's post may be answered with: the page, or its action's data. */
const ANSWER_TYPES = ['text/html', 'application/json'];

/**
 * Whether a post to a page asks for its action's answer as JSON rather than the page: a page's
 * own script, posting the page's form in the background (`public/poem-editor.js`), with
 * `Accept: application/json`. A browser's plain form asks for HTML first.
 */
export function asksForJson(request: Request): boolean {
  if (request.method !== 'POST') return false;
  const accept = request.headers.get('accept') ?? '';
  return new Negotiator({ headers: { accept } }).mediaType(ANSWER_TYPES) === 'application/json';
}

/**
 * The action's data as JSON, with the status and headers the page would have had (its cookies
 * too); `null` where the action threw (a 400, a 404). The page is not rendered. A redirect never
 * comes here: it is the answer as it is.
 */
export function actionJson(status: number, headers: Headers, context: EntryContext): Response {
  const [answer = null] = Object.values(context.staticHandlerContext.actionData ?? {});
  return Response.json(answer, { status, headers });
}
