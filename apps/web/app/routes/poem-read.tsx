import { ApiError } from '@poetry/sdk';
import { browserApi } from '../lib/api.server';
import type { Route } from './+types/poem-read';

/** User agents of crawlers and link previewers that run scripts: their views are no reads. */
const CRAWLER = /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse/i;

/**
 * `POST /poem/<id>/read`: counts one read of a published poem (see `lib/count-read.ts` for who
 * sends it, and when). Answers 204 whether counted or not; an unknown poem is 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (CRAWLER.test(request.headers.get('user-agent') ?? '')) return new Response(null, { status: 204 });
  const { client } = browserApi(request, context);
  try {
    await client.poem.metrics.increment({ params: { poemId: params.poemId }, body: { metric: 'read' } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return new Response(null, { status: 404 });
    throw error;
  }
  return new Response(null, { status: 204 });
}
