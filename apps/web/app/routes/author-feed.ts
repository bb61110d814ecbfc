import { browserApi } from '../lib/api.server';
import { FEED_ENTRIES, feedResponse, noFeed } from '../lib/feed.server';
import { feedTitles } from '../lib/feed-link';
import { orNotFound } from '../lib/not-found';
import { authorPath, usernameOf } from '../lib/paths';
import type { Route } from './+types/author-feed';

/** `/@<username>/feed.xml`: the author's newest published poems, in Atom. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const authorId = usernameOf(params.handle, noFeed);
  const api = browserApi(request, context).client;
  const [{ author }, { poems }] = await orNotFound(
    Promise.all([
      api.author.get({ params: { authorId } }),
      api.author.poems.list({ params: { authorId }, query: { limit: FEED_ENTRIES } }),
    ]),
    noFeed,
  );
  return feedResponse(request, context, {
    title: feedTitles.author(author.fullname),
    pagePath: authorPath(author.username),
    poems,
    since: author.created_at,
  });
}
