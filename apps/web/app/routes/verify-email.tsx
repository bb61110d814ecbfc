import { Form, Link } from 'react-router';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import type { FormWords } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import type { Route } from './+types/verify-email';

/** The link's token is no field: the API's 422 says it is used up or expired. */
const WORDS: FormWords = {
  labels: {},
  refusals: {
    unprocessable: {
      text: 'This link to verify your email address was used already, or has expired.',
      next: ['Log in, and ask for a new one on ', { to: '/studio/account', text: 'your account page' }, '.'],
    },
  },
};

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
    return refused(error, { context, words: WORDS, values: {}, headers: api.setCookies() });
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
