import { Form, Link, redirect, useSearchParams } from 'react-router';
import { EmailField, Field } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { type FormWords, textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import { safeRedirectPath } from '../lib/safe-redirect';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/login';

const LABELS = { email: 'Email', password: 'Password' } as const;

/** A wrong email or password: the API does not say which, and nor does the page. */
const WORDS: FormWords = {
  labels: LABELS,
  refusals: {
    invalid_credentials: {
      text: 'The email address or the password is not right.',
      next: ['Check both, or ', { to: '/forgot-password', text: 'set a new password by mail' }, '.'],
    },
  },
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Log in', 'Log in to Poetry with your email address.');

export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const { email, password } = textFields(form, LABELS);
  const api = browserApi(request, context);
  try {
    await api.client.auth.login({ body: { email, password } });
  } catch (error) {
    return refused(error, { context, words: WORDS, values: { email }, headers: api.setCookies() });
  }
  return redirect(safeRedirectPath(form.get('next')), { headers: api.setCookies() });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  const next = useSearchParams()[0].get('next');
  return (
    <>
      <h1>Log in</h1>
      <ProblemSummary problem={problem} />
      <Form method="post" className="form">
        {next && <input type="hidden" name="next" value={next} />}
        <EmailField problem={problem} defaultValue={actionData?.values.email} />
        <Field
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="current-password"
          problem={problem}
        />
        <button type="submit">Log in</button>
      </Form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/signup">Sign up</Link>.
      </p>
    </>
  );
}
