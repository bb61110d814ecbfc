import { ApiError, type PoetryClient } from '@poetry/sdk';
import { type AppLoadContext, data, redirect } from 'react-router';
import { browserApi } from './api.server';
import { notFound } from './not-found';
import { SECTION_FIELD, sectionFragment } from './page-section';
import { loginPath } from './paths';
import { safeRedirectPath } from './safe-redirect';
import { submittedForm } from './submitted-form.server';

/**
 * A reader page's action for its buttons (`IntentButton`): runs the SDK call its posted `intent`
 * names, then sends the browser back to the page as it was (its address, query included), at the
 * part of it the button posted as its `section` (a reload shows the new state, and never posts
 * again). Logged out meanwhile: to the login page, and back. An unknown intent is 400.
 */
export async function intentAction(
  request: Request,
  context: AppLoadContext,
  calls: Record<string, (client: PoetryClient, item: string) => Promise<unknown>>,
): Promise<Response> {
  const form = await submittedForm(request);
  const intent = form.get('intent');
  const item = form.get('item');
  const call = typeof intent === 'string' && Object.hasOwn(calls, intent) ? calls[intent] : undefined;
  if (!call) throw data(null, { status: 400 });
  const api = browserApi(request, context);
  try {
    await call(api.client, typeof item === 'string' ? item : '');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return redirect(loginPath(request), { headers: api.setCookies() });
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
  const { pathname, search } = new URL(request.url);
  const back = `${pathname}${search}${sectionFragment(form.get(SECTION_FIELD))}`;
  return redirect(safeRedirectPath(back), { headers: api.setCookies() });
}
