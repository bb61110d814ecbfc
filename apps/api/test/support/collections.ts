import type { Collection, CreateCollectionInput } from '@poetry/contract';
import { ApiError, type PoetryClient } from '@poetry/sdk';

/** Creates a collection as `client`'s author. */
export async function createCollection(
  client: PoetryClient,
  body: CreateCollectionInput = {},
): Promise<Collection> {
  return (await client.me.collections.create({ body })).collection;
}

/** Puts `poems` into the collection, in this order, each visible unless marked hidden. */
export async function addPoems(
  client: PoetryClient,
  collectionId: string,
  poems: readonly { id: string; hidden?: boolean }[],
) {
  for (const poem of poems) {
    await client.me.collections.poems.add({
      params: { collectionId, poemId: poem.id },
      body: { is_hidden: poem.hidden ?? false },
    });
  }
}

/** The status of an SDK GET and, on success (200), its body: for tables of expected outcomes. */
export async function outcome<T>(request: Promise<T>): Promise<{ status: number; body?: T }> {
  try {
    return { status: 200, body: await request };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status };
    throw error;
  }
}

/** The `Cookie` header `client` sends, for raw requests on its behalf. */
export const cookieOf = (client: PoetryClient, url: string) => client.session.header(url);
