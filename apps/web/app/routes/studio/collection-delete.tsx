import { data, Form, Link, redirect } from 'react-router';
import { browserApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/meta';
import { myCollection } from '../../lib/my-collection.server';
import { studioCollectionPath } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/collection-delete';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Delete a collection', 'Delete one of your collections; its poems stay.', { noindex: true });

/** `/studio/collection/<id>/delete`: the question, for one of my collections (another's is 404). */
export async function loader({ request, params: { collectionId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  return data({ collection: await myCollection(request, client, collectionId) });
}

export async function action({ request, params: { collectionId }, context }: Route.ActionArgs) {
  const api = browserApi(request, context);
  await asAuthor(request, api.client.me.collections.delete({ params: { collectionId } }));
  return redirect('/studio/collections', { headers: api.setCookies() });
}

export default function DeleteCollection({ loaderData: { collection } }: Route.ComponentProps) {
  return (
    <>
      <h1>Delete “{collection.title || 'Untitled'}”?</h1>
      <p>
        The collection goes, with its image and its followers’ follows. Its poems stay where they are. This
        cannot be undone.
      </p>
      <Form method="post" className="form">
        <button type="submit" className="danger">
          Delete the collection
        </button>
      </Form>
      <p>
        <Link to={studioCollectionPath(collection.id)}>Keep it</Link>
      </p>
    </>
  );
}
