import { data, Link } from 'react-router';
import { PagedPoems } from '../components/paged-poems';
import { browserApi } from '../lib/api.server';
import { shownText } from '../lib/authored-text';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { feedLink, feedTitles } from '../lib/feed-link';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { authorPath, collectionPath, cursorOf, usernameOf } from '../lib/paths';
import type { Route } from './+types/collection';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;

/** `/@<username>/collection/<id>`: one of the author's public collections and a page of its poems. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ids = { authorId: usernameOf(params.handle), collectionId: params.collectionId };
  const { client } = browserApi(request, context);
  const [{ collection }, poems] = await orNotFound(
    Promise.all([
      client.author.collections.get({ params: ids }),
      client.author.collections.poems.list({
        params: ids,
        query: { limit: PAGE_SIZE, cursor: cursorOf(request) },
      }),
    ]),
  );
  return data({ collection, poems: listedPage(poems) }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [];
  const { collection } = args.data;
  const { owner } = collection;
  return [
    ...pageMeta(
      args,
      collection.title,
      collection.description || `A collection of poems by ${owner.fullname} on Poetry.`,
      { image: collection.image_url },
    ),
    feedLink(
      args,
      feedTitles.collection(collection.title, owner.fullname),
      collectionPath(owner.username, collection.id),
    ),
  ];
};

export default function CollectionPage({ loaderData: { collection, poems } }: Route.ComponentProps) {
  return (
    <>
      <header className="collection">
        {collection.image_url && (
          <img className="banner" src={collection.image_url} alt="" width={1200} height={630} />
        )}
        <h1>{collection.title}</h1>
        <p className="byline">
          A collection by <Link to={authorPath(collection.owner.username)}>{collection.owner.fullname}</Link>
        </p>
        {collection.description && <p className="bio">{shownText(collection.description)}</p>}
      </header>
      <PagedPoems page={poems} empty="No poems in this collection yet." heading="Poems" />
    </>
  );
}
