import { data, Link, useRouteLoaderData } from 'react-router';
import { IntentButton } from '../components/intent-button';
import { PoemArticle, poemDescription } from '../components/poem-article';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { loadAsDocument } from '../lib/hydration';
import { intentAction } from '../lib/intent-action.server';
import { pageMeta } from '../lib/meta';
import { orNotFound } from '../lib/not-found';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/poem';

export const headers = readerPageHeaders;
export const clientLoader = loadAsDocument;

/** A published poem, and its author's link-preview image. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const { poem } = await orNotFound(client.poem.get({ params: { poemId: params.poemId } }));
  const { author } = await client.author.get({ params: { authorId: poem.author.id } });
  return data({ poem, shareImage: author.share_image_url }, { headers: readerCaching(request) });
}

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, args.data.poem.title, poemDescription(args.data.poem), {
        image: args.data.shareImage,
        type: 'article',
      })
    : [];

export const action = ({ request, params: { poemId }, context }: Route.ActionArgs) =>
  intentAction(request, context, {
    like: (client) => client.poem.likes.like({ params: { poemId } }),
    unlike: (client) => client.poem.likes.unlike({ params: { poemId } }),
  });

export default function PoemPage({ loaderData: { poem } }: Route.ComponentProps) {
  const loggedIn = Boolean(useRouteLoaderData<typeof rootLoader>('root')?.author);
  const likes = `${poem.like_count} ${poem.like_count === 1 ? 'like' : 'likes'}`;
  return (
    <PoemArticle poem={poem}>
      <footer className="likes">
        <p>{likes}</p>
        {loggedIn ? (
          <IntentButton
            intent={poem.liked_by_me ? 'unlike' : 'like'}
            label={poem.liked_by_me ? 'Unlike' : 'Like'}
          />
        ) : (
          <p>
            <Link to="/login">Log in to like</Link>
          </p>
        )}
      </footer>
      <script src="/count-read.js" data-poem-id={poem.id} defer />
    </PoemArticle>
  );
}
