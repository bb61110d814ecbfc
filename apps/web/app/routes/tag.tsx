import { data } from 'react-router';
import { PagedPoems } from '../components/paged-poems';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { loadAsDocument } from '../lib/hydration';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { cursorOf } from '../lib/paths';
import type { Route } from './+types/tag';

export const headers = readerPageHeaders;
export const clientLoader = loadAsDocument;

const PAGE_SIZE = 10;

/** `/tag/<tag>`: published poems carrying the tag, newest first. */
export async function loader({ request, params: { tag }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const poems = await orNotFound(
    client.poem.search({ query: { tags: tag, limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data({ tag, poems: listedPage(poems) }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    `Poems tagged #${args.params.tag}`,
    `Poems tagged #${args.params.tag} on Poetry, newest first.`,
  );

export default function TagPage({ loaderData: { tag, poems } }: Route.ComponentProps) {
  return (
    <>
      <h1>Poems tagged #{tag}</h1>
      <PagedPoems page={poems} empty="No published poem carries this tag." />
    </>
  );
}
