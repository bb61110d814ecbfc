import { Form, redirect } from 'react-router';
import { browserApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Log out', 'Log out of Poetry on this browser.');

/** Ends the session through the API, whose answer clears the browser's cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = browserApi(request, context);
  await api.client.auth.logoutPost();
  return redirect('/', { headers: api.setCookies() });
}

/** A GET only shows the button: a link followed by a prefetcher or a crawler must not log anyone out. */
export default function Logout() {
  return (
    <>
      <h1>Log out</h1>
      <Form method="post" className="form">
        <p>Log out of Poetry on this browser?</p>
        <button type="submit">Log out</button>
      </Form>
    </>
  );
}
