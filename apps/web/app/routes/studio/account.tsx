import { NewPoemMail, type PoetryClient } from '@poetry/sdk';
import { data, Form, Link, redirect } from 'react-router';
import { DoneStatus, donePath } from '../../components/done-status';
import { fieldId } from '../../components/field';
import { IntentButton } from '../../components/intent-button';
import { ProblemSummary } from '../../components/problem-summary';
import { browserApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/meta';
import { refused } from '../../lib/refused.server';
import { requireAuthor } from '../../lib/session.server';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import type { Route } from './+types/account';

/** What the account's pages did, said here once they send the browser back (`donePath`). */
const DONE = {
  email: 'Your email address is changed. We have mailed a link to the new address: follow it to verify it.',
  password: 'Your password is changed. Every other session of your account has ended.',
  verification: 'We have mailed you a new link to verify your email address.',
  notifications: 'Your choice of mail about new poems is saved.',
} as const;

/** The choices of `new_poem_mail`, as the page words them, in the contract's order. */
const NEW_POEM_MAIL: Record<NewPoemMail, string> = {
  each: 'A mail for each new poem',
  daily: 'One mail a day, with the day’s new poems',
  off: 'No mail',
};

/** The page's one field (the new-poem mail); the verification mail's refusal, a 429, is for none. */
const WORDS = { labels: { new_poem_mail: 'Mail about new poems' } };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Account', 'Your email address, your password, and deleting your account.', {
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ author: await requireAuthor(request, context) });
}

/**
 * The SDK call each of the page's forms makes, by its `intent`: "Mail me a new link" (the API
 * throttles verification mails: its 429 says when to try again) and the new-poem mail setting
 * (any value but the API's is its 400).
 */
function intentCalls(client: PoetryClient, form: FormData) {
  return {
    verification: () => client.auth.requestEmailConfirmation(),
    notifications: () =>
      client.me.update({ body: { new_poem_mail: String(form.get('new_poem_mail')) as NewPoemMail } }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const api = browserApi(request, context);
  const calls = intentCalls(api.client, form);
  const intent = String(form.get('intent'));
  if (!Object.hasOwn(calls, intent)) throw data(null, { status: 400 });
  try {
    await asAuthor(request, calls[intent as keyof typeof calls]());
  } catch (error) {
    return refused(error, { context, words: WORDS, values: {}, headers: api.setCookies() });
  }
  return redirect(donePath('/studio/account', intent as keyof typeof DONE), { headers: api.setCookies() });
}

export default function Account({ loaderData: { author }, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Account</h1>
      <ProblemSummary problem={actionData?.problem} />
      <DoneStatus messages={DONE} />
      <section aria-labelledby="email">
        <h2 id="email">Email address</h2>
        <p>
          Your email address is <strong>{author.email}</strong>.{' '}
          {author.email_verified
            ? 'It is verified.'
            : 'It is not verified yet: follow the link in the mail we sent to it.'}
        </p>
        {!author.email_verified && <IntentButton intent="verification" label="Mail me a new link" />}
        <p>
          <Link to="/studio/account/email">Change your email address</Link>
        </p>
      </section>
      <section aria-labelledby="new-poems">
        <h2 id="new-poems">New poems</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="notifications" />
          <fieldset className="choices">
            <legend>Mail about the new poems of the poets you follow</legend>
            {NewPoemMail.options.map((setting, index) => (
              <label key={setting} className="choice">
                <input
                  // The first choice is where the summary of a refusal leads.
                  id={index === 0 ? fieldId('new_poem_mail') : undefined}
                  type="radio"
                  name="new_poem_mail"
                  value={setting}
                  defaultChecked={author.new_poem_mail === setting}
                />
                {NEW_POEM_MAIL[setting]}
              </label>
            ))}
          </fieldset>
          <button type="submit">Save the mail setting</button>
        </Form>
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
