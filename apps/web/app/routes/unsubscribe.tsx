import { Form, Link } from 'react-router';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import type { FormWords } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import type { Route } from './+types/unsubscribe';

/** The link's token is no field: the API's 422 says it is used up or expired. */
const WORDS: FormWords = {
  labels: {},
  refusals: {
    unprocessable: {
      text: 'This link was used already, or has expired.',
      next: ['Choose the mails you get on ', { to: '/studio/account', text: 'your account page' }, '.'],
    },
  },
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    'Stop the mails about new poems',
    'Stop the mails about the new poems of the poets you follow.',
    {
      noindex: true,
    },
  );

/**
 * The link in a new-poem mail: `/unsubscribe?token=…`. Opening it changes nothing (mail scanners
 * open links); the button posts the token, as a mail client's one click does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const api = browserApi(request, context);
  try {
    await api.client.mail.unsubscribe({ query: { token }, body: { 'List-Unsubscribe': 'One-Click' } });
  } catch (error) {
    return refused(error, { context, words: WORDS, values: {}, headers: api.setCookies() });
  }
  return { done: true as const };
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  if (actionData && 'done' in actionData) {
    return (
      <>
        <h1>No more mails about new poems</h1>
        <p role="status">We will not mail you about new poems any more.</p>
        <p>
          To have them again, or once a day, choose so on <Link to="/studio/account">your account page</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Stop the mails about new poems</h1>
      <ProblemSummary problem={actionData?.problem} />
      <Form method="post" className="form">
        <p>You get a mail when a poet you follow publishes a poem. Stop them?</p>
        <button type="submit">Stop the mails</button>
      </Form>
    </>
  );
}
