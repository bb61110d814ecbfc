import { browserApi } from '../lib/api.server';
import { FEED_ENTRIES, feedResponse, NEVER_UPDATED } from '../lib/feed.server';
import { feedTitles } from '../lib/feed-link';
import type { Route } from './+types/feed';

/** `/feed.xml`: the site's newest published poems, in Atom. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { poems } = await browserApi(request, context).client.poem.search({ query: { limit: FEED_ENTRIES } });
  return feedResponse(request, context, {
    title: feedTitles.site,
    pagePath: '/',
    poems,
    since: NEVER_UPDATED,
  });
}
