import { data, Link } from 'react-router';
import { IntentButton } from '../../components/intent-button';
import { Pager } from '../../components/pager';
import { browserApi } from '../../lib/api.server';
import { intentAction } from '../../lib/intent-action.server';
import { listedPage } from '../../lib/listed-poem';
import { pageMeta } from '../../lib/meta';
import { authorPath, cursorOf, poemPath } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/liked';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Poems I like', 'The poems you like, the latest first.', { noindex: true });

/** `/studio/liked`: the published poems I like, most recently liked first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const liked = await asAuthor(
    request,
    client.me.liked.list({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data(listedPage(liked));
}

export const action = ({ request, context }: Route.ActionArgs) =>
  intentAction(request, context, {
    unlike: (client, poemId) => client.poem.likes.unlike({ params: { poemId } }),
  });

export default function Liked({ loaderData: { poems, ...cursors } }: Route.ComponentProps) {
  return (
    <>
      <h1>Poems I like</h1>
      {poems.length === 0 ? (
        <p>You like no poem yet.</p>
      ) : (
        <ul className="studio-list">
          {poems.map((poem) => (
            <li key={poem.id}>
              <Link to={poemPath(poem.id)} className="poem-title">
                {poem.title}
              </Link>
              <p className="byline">
                by <Link to={authorPath(poem.author.username)}>{poem.author.fullname}</Link>
              </p>
              <IntentButton intent="unlike" item={poem.id} label={`Unlike ${poem.title}`} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={cursors} label="Pages of the poems you like" />
    </>
  );
}
