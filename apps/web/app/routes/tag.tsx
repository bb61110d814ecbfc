import { data } from 'react-router';
import { PagedPoems } from '../components/paged-poems';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { feedLink, feedTitles } from '../lib/feed-link';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { cursorOf, tagPath } from '../lib/paths';
import type { Route } from './+types/tag';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;

/** `/tag/<tag>`: published poems carrying the tag, newest first. */
export async function loader({ request, params: { tag }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const poems = await orNotFound(
    client.poem.search({ query: { tags: tag, limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data({ tag, poems: listedPage(poems) }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) => {
  const { tag } = args.params;
  return [
    ...pageMeta(args, `Poems tagged #${tag}`, `Poems tagged #${tag} on Poetry, newest first.`),
    // A tag no published poem carries has no feed.
    ...(args.data?.poems.poems.length ? [feedLink(args, feedTitles.tag(tag), tagPath(tag))] : []),
  ];
};

export default function TagPage({ loaderData: { tag, poems } }: Route.ComponentProps) {
  return (
    <>
      <h1>Poems tagged #{tag}</h1>
      <PagedPoems page={poems} empty="No published poem carries this tag." />
    </>
  );
}
