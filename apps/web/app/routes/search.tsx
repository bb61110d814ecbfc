import { ApiError, type PoetryClient } from '@poetry/sdk';
import { data, Link } from 'react-router';
import { PagedPoems } from '../components/paged-poems';
import { SearchForm } from '../components/search-form';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { ARCHIVE_PATH, cursorOf } from '../lib/paths';
import type { Route } from './+types/search';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;

/** The search's results, or the API's reason for refusing its words (too long, a NUL character). */
async function searched(client: PoetryClient, q: string, cursor: string | undefined) {
  try {
    const poems = await client.poem.search({ query: { q, limit: PAGE_SIZE, cursor } });
    return { poems: listedPage(poems), refusal: null };
  } catch (error) {
    const refusal =
      error instanceof ApiError && error.status === 400
        ? error.errors.find(({ path }) => path === 'query.q')?.message
        : undefined;
    if (refusal) return { poems: null, refusal };
    throw error;
  }
}

/**
 * `/search?q=`: published poems matching `q`, best first; without `q`, the form and the way to the
 * archive; words the API refuses, the form again with its reason (400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (!q) return data({ q, poems: null, refusal: null }, { headers: readerCaching(request) });
  const { client } = browserApi(request, context);
  const { poems, refusal } = await orNotFound(searched(client, q, cursorOf(request)));
  return data({ q, poems, refusal }, { status: refusal ? 400 : 200, headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.data?.q ? `Search: ${args.data.q}` : 'Search poems',
    'Search the poems published on Poetry by title, text, tag or author.',
  );

export default function SearchPage({ loaderData: { q, poems, refusal } }: Route.ComponentProps) {
  return (
    <>
      <h1>{q ? `Poems matching “${q}”` : 'Search poems'}</h1>
      <SearchForm query={q} id="search-page" error={refusal} />
      {!q && (
        <p>
          Or read them all, newest first: <Link to={ARCHIVE_PATH}>all poems</Link>.
        </p>
      )}
      {poems && (
        <section aria-label="Results">
          <PagedPoems page={poems} empty="No poem matches these words." />
        </section>
      )}
    </>
  );
}
