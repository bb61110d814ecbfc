import { Link, useRouteLoaderData } from 'react-router';
import { DoneStatus } from '../../components/done-status';
import { POEM_FORM_ID, PoemEditor } from '../../components/poem-editor';
import { PoemState } from '../../components/poem-state';
import { ShareLink } from '../../components/share-link';
import { browserApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/meta';
import { poemPath, sharePath, studioPoemDeletePath } from '../../lib/paths';
import { poemAction } from '../../lib/poem-action.server';
import { POEM_DONE } from '../../lib/poem-form';
import { asAuthor } from '../../lib/studio.server';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/poem';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.data?.poem.title || 'Untitled',
    'Write, publish, schedule and share one of your poems.',
    { noindex: true },
  );

/** `/studio/poem/<id>`: one of my poems as it is, and the time now (the schedule's field says it, in UTC). */
export async function loader({ request, params: { poemId }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const { poem } = await asAuthor(request, client.me.poems.get({ params: { poemId } }));
  return { poem, now: new Date().toISOString() };
}

/** A button of the writing form (`poemAction`). */
export const action = ({ request, params: { poemId }, context }: Route.ActionArgs) =>
  poemAction(request, context, poemId);

export default function WritePoem({ loaderData: { poem, now }, actionData }: Route.ComponentProps) {
  const publicUrl = useRouteLoaderData<typeof rootLoader>('root')?.publicUrl ?? '';
  return (
    <>
      <h1>{poem.title || 'Untitled'}</h1>
      <p className="state">
        <PoemState poem={poem} />
        {poem.is_published && (
          <>
            {' · '}
            <Link to={poemPath(poem.id)}>Read it on its page</Link>
          </>
        )}
      </p>
      {!actionData && <DoneStatus messages={POEM_DONE} />}
      <PoemEditor poem={poem} answer={actionData} now={now} />
      {!poem.is_published && (
        <ShareLink url={`${publicUrl}${sharePath(poem.share_key)}`} form={POEM_FORM_ID} />
      )}
      <p className="delete-link">
        <Link to={studioPoemDeletePath(poem.id)}>Delete this poem</Link>
      </p>
    </>
  );
}
