import type { PoetryClient } from '@poetry/sdk';
import { data, Link, useRouteLoaderData } from 'react-router';
import { AddToCollection } from '../components/add-to-collection';
import { CollectionNeighbours } from '../components/collection-neighbours';
import { IntentButton } from '../components/intent-button';
import { MoreByAuthor } from '../components/more-by-author';
import { PoemArticle } from '../components/poem-article';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { intentAction } from '../lib/intent-action.server';
import { orNotFound } from '../lib/not-found';
import { poemMeta } from '../lib/poem-meta';
import { publicFile } from '../lib/public-file';
import { ifLoggedIn } from '../lib/session.server';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/poem';

export const headers = readerPageHeaders;

/** The most of my collections "Add to collection" offers: the newest. */
const MY_COLLECTIONS_OFFERED = 100;

/**
 * The collections of the author logged in on the browser, to add the poem to; none asked for
 * when the browser sent no cookie (the page as everyone gets it, which caches share), nor when
 * its session is over.
 */
async function myCollections(request: Request, client: PoetryClient) {
  const mine = await ifLoggedIn(request, () =>
    client.me.collections.list({ query: { limit: MY_COLLECTIONS_OFFERED } }),
  );
  return mine?.collections ?? null;
}

/**
 * `/poem/<id>`: the poem and what to read after it (more by its author and, read in a collection,
 * `?collection=<id>`, the poems beside it there: an id the API knows no such collection by just
 * leaves them out), in one call; for a logged-in author, their collections to add it to.
 */
export async function loader({ request, params: { poemId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const collectionId = new URL(request.url).searchParams.get('collection') ?? undefined;
  const [{ poem, ...around }, collections] = await Promise.all([
    orNotFound(client.poem.around({ params: { poemId }, query: { collection_id: collectionId } })),
    myCollections(request, client),
  ]);
  return data({ poem, around, collections }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) => (args.data ? poemMeta(args, args.data.poem) : []);

export const action = ({ request, params: { poemId }, context }: Route.ActionArgs) =>
  intentAction(request, context, {
    like: (client) => client.poem.likes.like({ params: { poemId } }),
    unlike: (client) => client.poem.likes.unlike({ params: { poemId } }),
  });

/** The likes' part of the page, where liking brings the reader back to. */
const LIKES = 'likes';

export default function PoemPage({ loaderData: { poem, around, collections } }: Route.ComponentProps) {
  const loggedIn = Boolean(useRouteLoaderData<typeof rootLoader>('root')?.author);
  const likes = `${poem.like_count} ${poem.like_count === 1 ? 'like' : 'likes'}`;
  return (
    <>
      <PoemArticle poem={poem}>
        <footer className="likes" id={LIKES}>
          <p>{likes}</p>
          {loggedIn ? (
            <IntentButton
              intent={poem.liked_by_me ? 'unlike' : 'like'}
              label={poem.liked_by_me ? 'Unlike' : 'Like'}
              section={LIKES}
            />
          ) : (
            <p>
              <Link to="/login">Log in to like</Link>
            </p>
          )}
        </footer>
        {collections &&
          (collections.length > 0 ? (
            <AddToCollection
              given={{ name: 'poem_id', value: poem.id }}
              choice={{ name: 'collection_id', label: 'Add to collection', options: collections }}
            />
          ) : (
            <p>
              <Link to="/studio/collections">Make a collection</Link> to keep poems in.
            </p>
          ))}
        <script src={publicFile('/count-read.js')} data-poem-id={poem.id} defer />
      </PoemArticle>
      {around.collection && <CollectionNeighbours collection={around.collection} />}
      <MoreByAuthor author={poem.author} poems={around.more_by_author} />
    </>
  );
}
