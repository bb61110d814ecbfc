import { data, Link } from 'react-router';
import { AuthorPhoto } from '../../components/author-photo';
import { IntentButton } from '../../components/intent-button';
import { Pager } from '../../components/pager';
import { browserApi } from '../../lib/api.server';
import { intentAction } from '../../lib/intent-action.server';
import { pageMeta } from '../../lib/meta';
import { authorPath, collectionPath, cursorOf } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/following';

const PAGE_SIZE = 20;
/** The collections' own cursor: the poets page through `?cursor=`. */
const COLLECTIONS_CURSOR = 'collections_cursor';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Following', 'The poets and the collections you follow.', { noindex: true });

/** `/studio/following`: the authors and the collections I follow, most recent follow first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const [authors, collections] = await asAuthor(
    request,
    Promise.all([
      client.me.following.list({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
      client.me.following.collections.list({
        query: { limit: PAGE_SIZE, cursor: cursorOf(request, COLLECTIONS_CURSOR) },
      }),
    ]),
  );
  return data({ authors, collections });
}

export const action = ({ request, context }: Route.ActionArgs) =>
  intentAction(request, context, {
    'unfollow-author': (client, authorId) => client.author.followers.unfollow({ params: { authorId } }),
    'unfollow-collection': (client, collectionId) =>
      client.collection.followers.unfollow({ params: { collectionId } }),
  });

export default function Following({ loaderData: { authors, collections } }: Route.ComponentProps) {
  return (
    <>
      <h1>Following</h1>
      <section aria-labelledby="poets">
        <h2 id="poets">Poets</h2>
        {authors.authors.length === 0 ? (
          <p>You follow no poet yet.</p>
        ) : (
          <ul className="author-list">
            {authors.authors.map((author) => (
              <li key={author.id}>
                <AuthorPhoto author={author} size="medium" />
                <Link to={authorPath(author.username)}>{author.fullname}</Link>
                <IntentButton
                  intent="unfollow-author"
                  item={author.id}
                  label={`Unfollow ${author.fullname}`}
                />
              </li>
            ))}
          </ul>
        )}
        <Pager page={authors} label="Pages of the poets you follow" />
      </section>
      <section aria-labelledby="collections">
        <h2 id="collections">Collections</h2>
        {collections.collections.length === 0 ? (
          <p>You follow no collection yet.</p>
        ) : (
          <ul className="collection-list">
            {collections.collections.map((collection) => {
              const title = collection.title || 'Untitled';
              return (
                <li key={collection.id}>
                  <Link to={collectionPath(collection.owner.username, collection.id)}>{title}</Link>{' '}
                  <span className="muted">by {collection.owner.fullname}</span>
                  <IntentButton
                    intent="unfollow-collection"
                    item={collection.id}
                    label={`Unfollow ${title}`}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <Pager page={collections} param={COLLECTIONS_CURSOR} label="Pages of the collections you follow" />
      </section>
    </>
  );
}
