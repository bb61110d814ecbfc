import { data, Form, Link, redirect } from 'react-router';
import { donePath } from '../../components/done-status';
import { browserApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/meta';
import { myCollection } from '../../lib/my-collection.server';
import { studioCollectionPath } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/collection-poem-remove';

const quoted = (thing: { title: string }) => `“${thing.title || 'Untitled'}”`;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.data ? `Remove ${quoted(args.data.poem)} from ${quoted(args.data.collection)}?` : 'Remove a poem?',
    'Remove a poem from one of your collections.',
    { noindex: true },
  );

/**
 * `/studio/collection/<id>/poem/<poemId>/remove`: asks before removing a poem from one of my
 * collections, naming both (another's collection, or a poem not in it, is 404).
 */
export async function loader({ request, params: { collectionId, poemId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const [collection, { poem }] = await Promise.all([
    myCollection(request, client, collectionId),
    asAuthor(request, client.collection.poems.get({ params: { collectionId, poemId } })),
  ]);
  return data({
    collection: { id: collection.id, title: collection.title },
    poem: { id: poem.id, title: poem.title },
  });
}

/** Removes it (the API's call is idempotent: a second post, or a poem gone meanwhile, is no harm). */
export async function action({ request, params: { collectionId, poemId }, context }: Route.ActionArgs) {
  const api = browserApi(request, context);
  await asAuthor(request, api.client.me.collections.poems.remove({ params: { collectionId, poemId } }));
  return redirect(donePath(studioCollectionPath(collectionId), 'removed'), { headers: api.setCookies() });
}

export default function RemovePoem({ loaderData: { collection, poem } }: Route.ComponentProps) {
  return (
    <>
      <h1>
        Remove {quoted(poem)} from {quoted(collection)}?
      </h1>
      <p>
        The poem stays as it is, and in any other collection: only this one no longer lists it. You can add it
        again.
      </p>
      <Form method="post" className="form">
        <button type="submit" className="danger">
          Remove it from the collection
        </button>
      </Form>
      <p>
        <Link to={studioCollectionPath(collection.id)}>Keep it in the collection</Link>
      </p>
    </>
  );
}
