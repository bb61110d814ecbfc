import { Form, Link } from 'react-router';
import { CurrentPasswordField, NewPasswordField } from '../../components/field';
import { ProblemSummary } from '../../components/problem-summary';
import { changeAccount } from '../../lib/account-change.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/account-password';

/** The API takes no confirmation of the new password (`PUT /api/me`): the current one guards the change. */
const LABELS = { current_password: 'Current password', password: 'New password' } as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Change your password', 'Choose a new password for your account.', { noindex: true });

/** Every other session of the author ends; this one goes on. */
export const action = (args: Route.ActionArgs) => changeAccount(args, LABELS, { done: 'password', kept: [] });

export default function AccountPassword({ actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>Change your password</h1>
      <ProblemSummary problem={problem} />
      <Form method="post" className="form">
        <CurrentPasswordField problem={problem} />
        <NewPasswordField name="password" label={LABELS.password} problem={problem} />
        <button type="submit">Change the password</button>
      </Form>
      <p>
        <Link to="/studio/account">Back to your account</Link>
      </p>
    </>
  );
}
