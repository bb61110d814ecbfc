import { browserApi } from '../lib/api.server';
import { FEED_ENTRIES, feedResponse, noFeed } from '../lib/feed.server';
import { feedTitles } from '../lib/feed-link';
import { orNotFound } from '../lib/not-found';
import { collectionPath, usernameOf } from '../lib/paths';
import type { Route } from './+types/collection-feed';

/** `/@<username>/collection/<id>/feed.xml`: the newest published poems of a public collection, in Atom. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ids = { authorId: usernameOf(params.handle, noFeed), collectionId: params.collectionId };
  const api = browserApi(request, context).client;
  const [{ collection }, { poems }] = await orNotFound(
    Promise.all([
      api.author.collections.get({ params: ids }),
      api.author.collections.poems.list({ params: ids, query: { limit: FEED_ENTRIES } }),
    ]),
    noFeed,
  );
  return feedResponse(request, context, {
    title: feedTitles.collection(collection.title, collection.owner.fullname),
    pagePath: collectionPath(collection.owner.username, collection.id),
    poems,
    since: collection.updated_at,
  });
}
