import { PoemEditor } from '../../components/poem-editor';
import { pageMeta } from '../../lib/meta';
import { poemAction } from '../../lib/poem-action.server';
import { requireAuthor } from '../../lib/session.server';
import type { Route } from './+types/poem-new';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'New poem', 'Write a new poem.', { noindex: true });

/** `/studio/poem/new`: an empty writing form, for the author logged in; the time now, as on a poem's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAuthor(request, context);
  return { now: new Date().toISOString() };
}

/** A button of the writing form: the first save makes the draft, then its writing page opens (`poemAction`). */
export const action = ({ request, context }: Route.ActionArgs) => poemAction(request, context);

export default function NewPoem({ loaderData: { now }, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>New poem</h1>
      <PoemEditor poem={null} answer={actionData} now={now} />
    </>
  );
}
