import { data, Form, Link, redirect } from 'react-router';
import { ADD_POEM } from '../../components/add-to-collection';
import { CollectionFields } from '../../components/collection-fields';
import { donePath } from '../../components/done-status';
import { Pager } from '../../components/pager';
import { ProblemSummary } from '../../components/problem-summary';
import { browserApi } from '../../lib/api.server';
import { COLLECTION_LABELS, collectionBody, typedCollection } from '../../lib/collection-form';
import { pageMeta } from '../../lib/meta';
import { cursorOf, studioCollectionPath } from '../../lib/paths';
import { refused } from '../../lib/refused.server';
import { asAuthor } from '../../lib/studio.server';
import { submittedForm } from '../../lib/submitted-form.server';
import type { Route } from './+types/collections';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'My collections', 'Your collections, public and private, and a new one.', {
    noindex: true,
  });

/** `/studio/collections`: my collections, public and private, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const collections = await asAuthor(
    request,
    client.me.collections.list({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data(collections);
}

/**
 * "New collection", opened for editing once made; or a poem added to one of my collections (from
 * the poem page and the collection's own page), shown there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request);
  const api = browserApi(request, context);
  if (form.get('intent') === ADD_POEM) {
    const ids = { collectionId: String(form.get('collection_id')), poemId: String(form.get('poem_id')) };
    await asAuthor(request, api.client.me.collections.poems.add({ params: ids, body: { is_hidden: false } }));
    return redirect(donePath(studioCollectionPath(ids.collectionId), ADD_POEM), {
      headers: api.setCookies(),
    });
  }
  const values = typedCollection(form);
  try {
    const { collection } = await asAuthor(
      request,
      api.client.me.collections.create({ body: collectionBody(values) }),
    );
    return redirect(studioCollectionPath(collection.id), { headers: api.setCookies() });
  } catch (error) {
    return refused(error, {
      context,
      words: { labels: COLLECTION_LABELS },
      values,
      headers: api.setCookies(),
    });
  }
}

export default function MyCollections({
  loaderData: { collections, ...cursors },
  actionData,
}: Route.ComponentProps) {
  const problem = actionData?.problem;
  return (
    <>
      <h1>My collections</h1>
      <ProblemSummary problem={problem} />
      {collections.length === 0 ? (
        <p>You have no collection yet.</p>
      ) : (
        <ul className="studio-list">
          {collections.map((collection) => (
            <li key={collection.id}>
              <Link to={studioCollectionPath(collection.id)} className="poem-title">
                {collection.title || 'Untitled'}
              </Link>
              <p className="state">
                {collection.is_public ? 'Public' : 'Private'} · {collection.poems_count}{' '}
                {collection.poems_count === 1 ? 'poem' : 'poems'}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={cursors} label="Pages of my collections" />
      <section aria-labelledby="new-collection">
        <h2 id="new-collection">New collection</h2>
        <Form method="post" className="form collection-form">
          <CollectionFields values={actionData?.values} problem={problem} />
          <button type="submit">Create the collection</button>
        </Form>
      </section>
    </>
  );
}
