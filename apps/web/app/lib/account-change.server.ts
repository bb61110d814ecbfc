import { ApiError, type UpdateMeInput } from '@poetry/sdk';
import { type AppLoadContext, redirect } from 'react-router';
import { donePath } from '../components/done-status';
import { browserApi } from './api.server';
import { FormRefusal, textFields } from './form-problem';
import { loginPath } from './paths';
import { refused } from './refused.server';
import { submittedForm } from './submitted-form.server';

/**
 * The action of a page that changes the account with the current password (the email, the
 * password): the change, then the account page saying `done`. A refusal shows the page again with
 * the `kept` fields as typed (never a password); a wrong current password (the API's
 * `invalid_credentials`, a 401 that names no field) beside its field; a logged-out browser goes to
 * log in and come back.
 */
export async function changeAccount<N extends keyof UpdateMeInput & string>(
  { request, context }: { request: Request; context: AppLoadContext },
  labels: Readonly<Record<N, string>>,
  { done, kept }: { done: string; kept: readonly N[] },
) {
  const body = textFields(await submittedForm(request), labels);
  const api = browserApi(request, context);
  try {
    await api.client.me.update({ body });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthenticated')
      throw redirect(loginPath(request), { headers: api.setCookies() });
    const values = Object.fromEntries(kept.map((name) => [name, body[name]]));
    const refusal =
      error instanceof ApiError && error.code === 'invalid_credentials'
        ? new FormRefusal([{ path: 'current_password', code: 'incorrect' }], error.status)
        : error;
    return refused(refusal, { context, words: { labels }, values, headers: api.setCookies() });
  }
  return redirect(donePath('/studio/account', done), { headers: api.setCookies() });
}
