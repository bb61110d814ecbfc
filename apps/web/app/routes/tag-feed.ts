import { Tag } from '@poetry/sdk';
import { browserApi } from '../lib/api.server';
import { FEED_ENTRIES, feedResponse, NEVER_UPDATED, noFeed } from '../lib/feed.server';
import { feedTitles } from '../lib/feed-link';
import { orNotFound } from '../lib/not-found';
import { tagPath } from '../lib/paths';
import type { Route } from './+types/tag-feed';

/**
 * `/tag/<tag>/feed.xml`: the newest published poems carrying the tag, in Atom. A tag no published
 * poem carries is unknown, and has no feed; nor has a text no poem could carry as one tag (a
 * comma would ask the API for poems carrying several).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tag = Tag.safeParse(params.tag);
  if (!tag.success) throw noFeed();
  const { poems } = await orNotFound(
    browserApi(request, context).client.poem.search({ query: { tags: tag.data, limit: FEED_ENTRIES } }),
    noFeed,
  );
  if (poems.length === 0) throw noFeed();
  return feedResponse(request, context, {
    title: feedTitles.tag(tag.data),
    pagePath: tagPath(tag.data),
    poems,
    since: NEVER_UPDATED,
  });
}
