import { data, Link } from 'react-router';
import { LongDate } from '../../components/date-time';
import { DoneStatus } from '../../components/done-status';
import { Pager } from '../../components/pager';
import { PoemState } from '../../components/poem-state';
import { browserApi } from '../../lib/api.server';
import { listedPage } from '../../lib/listed-poem';
import { pageMeta } from '../../lib/meta';
import { cursorOf, newPoemPath, studioPoemPath } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/poems';

const PAGE_SIZE = 20;

/** What the list says after an action elsewhere sent the browser here (`donePath`). */
const DONE = { deleted: 'The poem is deleted.' };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'My poems', 'Your drafts, scheduled and published poems.', { noindex: true });

/** `/studio`: my poems in every state, most recently updated first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const poems = await asAuthor(
    request,
    client.me.poems.list({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data(listedPage(poems));
}

export default function MyPoems({ loaderData: { poems, ...cursors } }: Route.ComponentProps) {
  return (
    <>
      <h1>My poems</h1>
      <DoneStatus messages={DONE} />
      <p>
        <Link to={newPoemPath} className="button-link">
          New poem
        </Link>
      </p>
      {poems.length === 0 ? (
        <p>You have written no poem yet.</p>
      ) : (
        <ul className="studio-list">
          {poems.map((poem) => (
            <li key={poem.id}>
              <Link to={studioPoemPath(poem.id)} className="poem-title">
                {poem.title || 'Untitled'}
              </Link>
              <p className="state">
                <PoemState poem={poem} /> · updated <LongDate iso={poem.updated_at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={cursors} label="Pages of my poems" />
    </>
  );
}
