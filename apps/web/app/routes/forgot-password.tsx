import { Form, Link } from 'react-router';
import { EmailField } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/forgot-password';

const LABELS = { email: 'Email' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Forgot your password?', 'Get a link by mail to set a new Poetry password.');

export async function action({ request, context }: Route.ActionArgs) {
  const { email } = textFields(await submittedForm(request), LABELS);
  const api = browserApi(request, context);
  try {
    await api.client.auth.forgotPassword({ body: { email } });
  } catch (error) {
    return refused(error, {
      context,
      words: { labels: LABELS },
      values: { email },
      headers: api.setCookies(),
    });
  }
  return { sentTo: email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData && 'sentTo' in actionData) {
    return (
      <>
        <h1>Check your mail</h1>
        <p role="status">
          If <strong>{actionData.sentTo}</strong> belongs to an account, we have sent it a link to set a new
          password. The link works once, for one hour.
        </p>
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </>
    );
  }
  const problem = actionData?.problem;
  return (
    <>
      <h1>Forgot your password?</h1>
      <ProblemSummary problem={problem} />
      <p>Give the email address of your account, and we will mail you a link to set a new password.</p>
      <Form method="post" className="form">
        <EmailField problem={problem} defaultValue={actionData?.values.email} />
        <button type="submit">Mail me a link</button>
      </Form>
    </>
  );
}
