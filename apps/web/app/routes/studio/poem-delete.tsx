import { Form, Link, redirect } from 'react-router';
import { donePath } from '../../components/done-status';
import { browserApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/meta';
import { studioPoemPath } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/poem-delete';

const titleOf = (poem: { title: string }) => `“${poem.title || 'Untitled'}”`;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.data ? `Delete ${titleOf(args.data.poem)}?` : 'Delete a poem?',
    'Delete one of your poems, for good.',
    { noindex: true },
  );

/** `/studio/poem/<id>/delete`: asks before deleting one of my poems, naming it. */
export async function loader({ request, params: { poemId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  return asAuthor(request, client.me.poems.get({ params: { poemId } }));
}

export async function action({ request, params: { poemId }, context }: Route.ActionArgs) {
  const api = browserApi(request, context);
  await asAuthor(request, api.client.me.poems.delete({ params: { poemId } }));
  return redirect(donePath('/studio', 'deleted'), { headers: api.setCookies() });
}

export default function DeletePoem({ loaderData: { poem } }: Route.ComponentProps) {
  return (
    <>
      <h1>Delete {titleOf(poem)}?</h1>
      <p>
        The poem goes for good, with its likes, its share link and its place in collections. This cannot be
        undone.
      </p>
      <Form method="post" className="form">
        <button type="submit" className="danger">
          Delete the poem
        </button>
      </Form>
      <p>
        <Link to={studioPoemPath(poem.id)}>Keep it, and go back to writing</Link>
      </p>
    </>
  );
}
