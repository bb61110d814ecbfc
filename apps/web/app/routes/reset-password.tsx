import { Form, Link } from 'react-router';
import { Field, NewPasswordField } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { refused, textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/reset-password';

const LABELS = { new_password: 'New password', confirmed_password: 'New password again' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Set a new password', 'Set a new Poetry password with the link we mailed you.');

/**
 * The mail's link: `/reset-password?token=…`. The token stays in the address, which the form
 * posts back to (the logs redact it, and no page sends a Referer).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const passwords = textFields(await submittedForm(request), LABELS);
  const api = browserApi(request, context);
  try {
    await api.client.auth.resetPassword({ body: { token, ...passwords } });
  } catch (error) {
    return refused(error, LABELS, {}, api.setCookies());
  }
  return { done: true as const };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  if (actionData && 'done' in actionData) {
    return (
      <>
        <h1>Your password is set</h1>
        <p role="status">Log in with your new password. Every other session of your account has ended.</p>
        <p>
          <Link to="/login">Log in</Link>
        </p>
      </>
    );
  }
  const problem = actionData?.problem;
  return (
    <>
      <h1>Set a new password</h1>
      <ProblemSummary problem={problem} />
      <Form method="post" className="form">
        <NewPasswordField name="new_password" label={LABELS.new_password} problem={problem} />
        <Field
          name="confirmed_password"
          label={LABELS.confirmed_password}
          type="password"
          autoComplete="new-password"
          problem={problem}
        />
        <button type="submit">Set the password</button>
      </Form>
      {problem?.code === 'unprocessable' && (
        <p>
          Has the link expired? <Link to="/forgot-password">Ask for a new one</Link>.
        </p>
      )}
    </>
  );
}
