import type { PoetryClient } from '@poetry/sdk';
import { notFound } from './not-found';
import { asAuthor } from './studio.server';

/**
 * One of my collections, for a studio page about it: another author's, even a public one that
 * the API shows anyone, is the 404 page.
 */
export async function myCollection(request: Request, client: PoetryClient, collectionId: string) {
  const [{ collection }, { author }] = await asAuthor(
    request,
    Promise.all([client.collection.get({ params: { collectionId } }), client.me.get()]),
  );
  if (collection.owner.id !== author.id) throw notFound();
  return collection;
}
