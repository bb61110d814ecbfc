import type { Poem } from '@poetry/contract';
import type { PoetryClient } from '@poetry/sdk';

export type PoemInput = { title?: string; body?: string; tags?: string[]; publish?: boolean };

/** Writes a poem as `client`'s author: a draft, then the fields, published unless told otherwise. */
export async function writePoem(client: PoetryClient, input: PoemInput = {}): Promise<Poem> {
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
