import { data, Link } from 'react-router';
import { FOLLOW_SECTION, FollowButton } from '../components/follow-button';
import { PagedPoems } from '../components/paged-poems';
import { browserApi } from '../lib/api.server';
import { shownText } from '../lib/authored-text';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { feedLink, feedTitles } from '../lib/feed-link';
import { intentAction } from '../lib/intent-action.server';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { authorPath, collectionPath, cursorOf, usernameOf } from '../lib/paths';
import type { Route } from './+types/collection';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;

/** `/@<username>/collection/<id>`: one of the author's public collections and a page of its poems. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ids = { authorId: usernameOf(params.handle), collectionId: params.collectionId };
  const { client } = browserApi(request, context);
  const [{ collection }, poems] = await orNotFound(
    Promise.all([
      client.author.collections.get({ params: ids }),
      client.author.collections.poems.list({
        params: ids,
        query: { limit: PAGE_SIZE, cursor: cursorOf(request) },
      }),
    ]),
  );
  return data({ collection, poems: listedPage(poems) }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [];
  const { collection } = args.data;
  const { owner } = collection;
  return [
    ...pageMeta(
      args,
      collection.title,
      collection.description || `A collection of poems by ${owner.fullname} on Poetry.`,
      { image: collection.image_url },
    ),
    feedLink(
      args,
      feedTitles.collection(collection.title, owner.fullname),
      collectionPath(owner.username, collection.id),
    ),
  ];
};

export const action = ({ request, params: { collectionId }, context }: Route.ActionArgs) =>
  intentAction(request, context, {
    follow: (client) => client.collection.followers.follow({ params: { collectionId } }),
    unfollow: (client) => client.collection.followers.unfollow({ params: { collectionId } }),
  });

export default function CollectionPage({ loaderData: { collection, poems } }: Route.ComponentProps) {
  const { owner } = collection;
  return (
    <>
      <header className="collection">
        {collection.image_url && (
          <img className="banner" src={collection.image_url} alt="" width={1200} height={630} />
        )}
        <h1>{collection.title}</h1>
        <p className="byline">
          A collection by <Link to={authorPath(owner.username)}>{owner.fullname}</Link>
        </p>
        {collection.description && <p className="bio">{shownText(collection.description)}</p>}
        <div id={FOLLOW_SECTION}>
          <p className="counts">
            {collection.followers_count} {collection.followers_count === 1 ? 'follower' : 'followers'}
          </p>
          <FollowButton followed={collection.followed_by_me} ownerId={owner.id} />
        </div>
      </header>
      <PagedPoems
        page={poems}
        empty="No poems in this collection yet."
        heading="Poems"
        impliedAuthorId={owner.id}
        collectionId={collection.id}
      />
    </>
  );
}
