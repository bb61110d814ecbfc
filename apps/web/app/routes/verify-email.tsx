import { Form, Link } from 'react-router';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { refused } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    'Verify your email address',
    'Confirm that this email address is yours, with the link we mailed you.',
  );

/**
 * The mail's link: `/verify-email?token=…`. Opening it changes nothing (mail scanners open
 * links); the button posts the token, which stays in the address (the logs redact it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const api = browserApi(request, context);
  try {
    await api.client.auth.verifyEmail({ body: { token } });
  } catch (error) {
    return refused(error, {}, {}, api.setCookies());
  }
  return { done: true as const };
}

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  if (actionData && 'done' in actionData) {
    return (
      <>
        <h1>Your email address is verified</h1>
        <p role="status">Thank you.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Verify your email address</h1>
      <ProblemSummary problem={actionData?.problem} />
      <Form method="post" className="form">
        <p>Confirm that this email address is yours.</p>
        <button type="submit">Verify my email address</button>
      </Form>
    </>
  );
}
