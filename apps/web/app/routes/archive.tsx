import { data } from 'react-router';
import { PagedPoems } from '../components/paged-poems';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { cursorOf } from '../lib/paths';
import type { Route } from './+types/archive';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;

/** `/poems`: the archive, every published poem, newest first, a page at a time either way. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const poems = await orNotFound(
    client.poem.search({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data({ poems: listedPage(poems) }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'All poems', 'Every poem published on Poetry, newest first.');

export default function ArchivePage({ loaderData: { poems } }: Route.ComponentProps) {
  return (
    <>
      <h1>All poems</h1>
      <PagedPoems page={poems} empty="No poem is published yet." />
    </>
  );
}
