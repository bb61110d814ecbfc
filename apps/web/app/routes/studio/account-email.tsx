import { Form, Link } from 'react-router';
import { CurrentPasswordField, Field } from '../../components/field';
import { ProblemSummary } from '../../components/problem-summary';
import { changeAccount } from '../../lib/account-change.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/account-email';

const LABELS = { email: 'New email address', current_password: 'Current password' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Change your email address', 'Give your account a new email address.', { noindex: true });

/** The new address is unverified: the API mails it a link, and a notice to the old one. */
export const action = (args: Route.ActionArgs) =>
  changeAccount(args, LABELS, { done: 'email', kept: ['email'] });

export default function AccountEmail({ actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>Change your email address</h1>
      <ProblemSummary problem={problem} />
      <p>We will mail a link to the new address, to verify that it is yours.</p>
      <Form method="post" className="form">
        <Field
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="email"
          problem={problem}
          defaultValue={actionData?.values.email}
        />
        <CurrentPasswordField problem={problem} />
        <button type="submit">Change the email address</button>
      </Form>
      <p>
        <Link to="/studio/account">Back to your account</Link>
      </p>
    </>
  );
}
