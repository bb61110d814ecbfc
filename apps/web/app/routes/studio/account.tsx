import { data, Form, Link, redirect } from 'react-router';
import { DoneStatus, donePath } from '../../components/done-status';
import { ProblemSummary } from '../../components/problem-summary';
import { browserApi } from '../../lib/api.server';
import { refused } from '../../lib/form-problem';
import { pageMeta } from '../../lib/meta';
import { requireAuthor } from '../../lib/session.server';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/account';

/** What the account's pages did, said here once they send the browser back (`donePath`). */
const DONE = {
  email: 'Your email address is changed. We have mailed a link to the new address: follow it to verify it.',
  password: 'Your password is changed. Every other session of your account has ended.',
  verification: 'We have mailed you a new link to verify your email address.',
} as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Account', 'Your email address, your password, and deleting your account.', {
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ author: await requireAuthor(request, context) });
}

/** "Mail me a new link": a new verification mail (the API throttles them: its 429 says when to try again). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = browserApi(request, context);
  try {
    await asAuthor(request, api.client.auth.requestEmailConfirmation());
  } catch (error) {
    return refused(error, {}, {}, api.setCookies());
  }
  return redirect(donePath('/studio/account', 'verification'), { headers: api.setCookies() });
}

export default function Account({ loaderData: { author }, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Account</h1>
      <DoneStatus messages={DONE} />
      <ProblemSummary problem={actionData?.problem} />
      <section aria-labelledby="email">
        <h2 id="email">Email address</h2>
        <p>
          Your email address is <strong>{author.email}</strong>.{' '}
          {author.email_verified
            ? 'It is verified.'
            : 'It is not verified yet: follow the link in the mail we sent to it.'}
        </p>
        {!author.email_verified && (
          <Form method="post" className="intent">
            <button type="submit">Mail me a new link</button>
          </Form>
        )}
        <p>
          <Link to="/studio/account/email">Change your email address</Link>
        </p>
      </section>
      <section aria-labelledby="password">
        <h2 id="password">Password</h2>
        <p>
          <Link to="/studio/account/password">Change your password</Link>
        </p>
      </section>
      <section aria-labelledby="delete">
        <h2 id="delete">Delete your account</h2>
        <p>Your account goes with everything in it: poems, collections, follows, likes and photos.</p>
        <p>
          <Link to="/studio/account/delete">Delete your account</Link>
        </p>
      </section>
    </>
  );
}
