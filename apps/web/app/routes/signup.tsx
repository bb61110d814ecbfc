import { Form, Link, redirect } from 'react-router';
import { EmailField, Field, NewPasswordField } from '../components/field';
import { ProblemSummary } from '../components/problem-summary';
import { browserApi } from '../lib/api.server';
import { type FormWords, textFields } from '../lib/form-problem';
import { pageMeta } from '../lib/meta';
import { refused } from '../lib/refused.server';
import { submittedForm } from '../lib/submitted-form.server';
import type { Route } from './+types/signup';

const LABELS = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  password: 'Password',
} as const;

/** An address with an account already: its owner may be signing up again, and wants in. */
const WORDS: FormWords = {
  labels: LABELS,
  fields: {
    email: {
      taken: {
        text: 'This email address already has an account.',
        next: [
          { to: '/login', text: 'Log in' },
          ' or ',
          { to: '/forgot-password', text: 'set a new password' },
          '.',
        ],
      },
    },
  },
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Sign up', 'Create a Poetry account to publish poems and follow poets.');

export async function action({ request, context }: Route.ActionArgs) {
  const body = textFields(await submittedForm(request), LABELS);
  const api = browserApi(request, context);
  try {
    await api.client.auth.signup({ body });
  } catch (error) {
    const { password: _typed, ...values } = body;
    return refused(error, { context, words: WORDS, values, headers: api.setCookies() });
  }
  return redirect('/', { headers: api.setCookies() });
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const problem = actionData?.problem;
  const values = actionData?.values;
  return (
    <>
      <h1>Sign up</h1>
      <ProblemSummary problem={problem} />
      <Form method="post" className="form">
        <Field
          name="firstname"
          label={LABELS.firstname}
          autoComplete="given-name"
          problem={problem}
          defaultValue={values?.firstname}
        />
        <Field
          name="lastname"
          label={LABELS.lastname}
          autoComplete="family-name"
          problem={problem}
          defaultValue={values?.lastname}
        />
        <EmailField problem={problem} defaultValue={values?.email} />
        <NewPasswordField name="password" label={LABELS.password} problem={problem} />
        <button type="submit">Sign up</button>
      </Form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>.
      </p>
    </>
  );
}
