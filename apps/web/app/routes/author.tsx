import { data, Link } from 'react-router';
import { AuthorPhoto } from '../components/author-photo';
import { FOLLOW_SECTION, FollowButton } from '../components/follow-button';
import { PagedPoems } from '../components/paged-poems';
import { Pager } from '../components/pager';
import { browserApi } from '../lib/api.server';
import { shownText } from '../lib/authored-text';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { feedLink, feedTitles } from '../lib/feed-link';
import { intentAction } from '../lib/intent-action.server';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import { authorPath, collectionPath, cursorOf, usernameOf } from '../lib/paths';
import type { Route } from './+types/author';

export const headers = readerPageHeaders;

const PAGE_SIZE = 10;
/** The collections' own cursor: the poems page through `?cursor=`. */
const COLLECTIONS_CURSOR = 'collections_cursor';

/** `/@<username>`: the author, a page of their published poems and one of their public collections. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const authorId = usernameOf(params.handle);
  const { client } = browserApi(request, context);
  const [{ author }, poems, collections] = await orNotFound(
    Promise.all([
      client.author.get({ params: { authorId } }),
      client.author.poems.list({
        params: { authorId },
        query: { limit: PAGE_SIZE, cursor: cursorOf(request) },
      }),
      client.author.collections.list({
        params: { authorId },
        query: { limit: PAGE_SIZE, cursor: cursorOf(request, COLLECTIONS_CURSOR) },
      }),
    ]),
  );
  return data({ author, poems: listedPage(poems), collections }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [];
  const { author } = args.data;
  return [
    ...pageMeta(args, author.fullname, author.bio || `Poems by ${author.fullname} on Poetry.`, {
      image: author.share_image_url,
      type: 'profile',
    }),
    feedLink(args, feedTitles.author(author.fullname), authorPath(author.username)),
  ];
};

export const action = ({ request, params, context }: Route.ActionArgs) => {
  const authorId = usernameOf(params.handle);
  return intentAction(request, context, {
    follow: (client) => client.author.followers.follow({ params: { authorId } }),
    unfollow: (client) => client.author.followers.unfollow({ params: { authorId } }),
  });
};

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function AuthorPage({ loaderData: { author, poems, collections } }: Route.ComponentProps) {
  return (
    <>
      <header className="author">
        {author.profile_banner_photo_url && (
          <img
            className="banner"
            src={author.profile_banner_photo_url}
            alt=""
            width={1500}
            height={500}
            // The banner is the page's largest picture: fetched first, it shows sooner.
            fetchPriority="high"
          />
        )}
        <div className="author-name">
          <AuthorPhoto author={author} size="large" />
          <div>
            <h1>{author.fullname}</h1>
            <p className="username">@{author.username}</p>
          </div>
        </div>
        {author.bio && <p className="bio">{shownText(author.bio)}</p>}
        <div id={FOLLOW_SECTION}>
          <ul className="counts">
            <li>{counted(author.poems_count, 'poem', 'poems')}</li>
            <li>{counted(author.collections_count, 'collection', 'collections')}</li>
            <li>{counted(author.followers_count, 'follower', 'followers')}</li>
            <li>{author.following_count} following</li>
          </ul>
          <FollowButton followed={author.followed_by_me} ownerId={author.id} />
        </div>
      </header>
      <PagedPoems page={poems} empty="No published poems yet." heading="Poems" impliedAuthorId={author.id} />
      <section aria-labelledby="collections">
        <h2 id="collections">Collections</h2>
        {collections.collections.length === 0 ? (
          <p>No public collections.</p>
        ) : (
          <ul className="collection-list">
            {collections.collections.map((collection) => (
              <li key={collection.id}>
                <Link to={collectionPath(author.username, collection.id)}>{collection.title}</Link>{' '}
                <span className="muted">({counted(collection.poems_count, 'poem', 'poems')})</span>
              </li>
            ))}
          </ul>
        )}
        <Pager page={collections} param={COLLECTIONS_CURSOR} label="Pages of collections" />
      </section>
    </>
  );
}
