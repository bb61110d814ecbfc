import { Form, Link, redirect, useSearchParams } from 'react-router';
import { EmailField, Field } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { refused, textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { safeRedirectPath } from '../lib/safe-redirect';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/login';

const LABELS = { email: 'Email', password: 'Password' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Log in', 'Log in to Poetry with your email address.');

export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const { email, password } = textFields(form, LABELS);
  const api = browserApi(request, context);
  try {
    await api.client.auth.login({ body: { email, password } });
  } catch (error) {
    return refused(error, LABELS, { email }, api.setCookies());
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
