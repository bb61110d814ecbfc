import type { MyPoem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';
import { eventually } from './eventually.js';

export type PoemInput = { title?: string; body?: string; tags?: string[]; publish?: boolean };

/** Writes a poem as `client`'s author: a draft, then the fields, published unless told otherwise. */
export async function writePoem(client: PoetryClient, input: PoemInput = {}): Promise<MyPoem> {
  const { poem } = await client.me.poems.create({ body: {} });
  const { poem: written } = await client.me.poems.update({
    params: { poemId: poem.id },
    body: {
      title: input.title ?? 'Ozymandias',
      body: input.body ?? 'I met a traveller from an antique land',
      tags: input.tags ?? [],
      is_published: input.publish ?? true,
    },
  });
  return written;
}

/** A time `ms` from now, as `publish_at` takes it. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * How far ahead a test schedules a poem it then waits for: the few requests it makes before that
 * time must fit in it on a loaded machine (`publish_at` must be in the future when set, and what
 * the test does meanwhile must come before the publication).
 */
export const SOON_MS = 4_000;

/** One of `client`'s poems once its schedule has published it (waits up to `timeoutMs`). */
export async function whenPublished(
  client: PoetryClient,
  poemId: string,
  timeoutMs = 10_000,
): Promise<MyPoem> {
  return eventually(
    `poem ${poemId} to be published`,
    async () => {
      const { poem } = await client.me.poems.get({ params: { poemId } });
      return poem.is_published && poem;
    },
    { timeoutMs },
  );
}
