import { PoemArticle, poemDescription } from '../components/poem-article';
import { browserApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import type { Route } from './+types/share';

/**
 * `/p/<share_key>`: a poem shown to whoever has its private link, draft or published. Kept out
 * of search engines; no like button and no read counted (both go by a published poem's id).
 * Private to caches, as pages are by default: a link its author replaced is gone at once.
 */

export async function loader({ request, params: { shareKey }, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  return orNotFound(client.poem.private.get({ params: { shareKey } }));
}

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, args.data.poem.title || 'Untitled', poemDescription(args.data.poem), {
        image: args.data.poem.author.share_image_url,
        type: 'article',
        noindex: true,
      })
    : [];

export default function SharedPoem({ loaderData: { poem } }: Route.ComponentProps) {
  return (
    <>
      {!poem.is_published && (
        <p className="notice" role="note">
          A draft, shared by its author: not published yet.
        </p>
      )}
      <PoemArticle poem={poem} />
    </>
  );
}
