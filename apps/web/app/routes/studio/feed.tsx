import { data } from 'react-router';
import { PagedPoems } from '../../components/paged-poems';
import { browserApi } from '../../lib/api.server';
import { listedPage } from '../../lib/listed-poem';
import { pageMeta } from '../../lib/meta';
import { cursorOf } from '../../lib/paths';
import { asAuthor } from '../../lib/studio.server';
import type { Route } from './+types/feed';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'My feed', 'The new poems of the poets and the collections you follow.', { noindex: true });

/** `/studio/feed`: the published poems of the authors and collections I follow, the latest to reach me first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const feed = await asAuthor(
    request,
    client.me.feed({ query: { limit: PAGE_SIZE, cursor: cursorOf(request) } }),
  );
  return data(listedPage(feed));
}

export default function Feed({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>My feed</h1>
      <PagedPoems
        page={loaderData}
        empty="Nothing here yet: follow poets and collections, and their new poems come here."
      />
    </>
  );
}
