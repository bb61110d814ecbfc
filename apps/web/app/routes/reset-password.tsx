import { Form, Link } from 'react-router';
import { Field, NewPasswordField } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { type FormWords, textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/reset-password';

const LABELS = { new_password: 'New password', confirmed_password: 'New password again' } as const;

/** The link's token is no field: the API's 422 says it is used up or expired. */
const WORDS: FormWords = {
  labels: LABELS,
  refusals: {
    unprocessable: {
      text: 'This link to set a new password was used already, or has expired.',
      next: [{ to: '/forgot-password', text: 'Ask for a new one' }, '.'],
    },
  },
};

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
    return refused(error, { context, words: WORDS, values: {}, headers: api.setCookies() });
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
    </>
  );
}
