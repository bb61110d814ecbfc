import type { Author } from '@poetry/sdk';
import { data, Link, useRouteLoaderData } from 'react-router';
import { AuthorPhoto } from '../components/author-photo';
import { PoemList } from '../components/poem-list';
import { TagLinks } from '../components/tag-links';
import { browserApi } from '../lib/api.server';
import { readerCaching, readerPageHeaders } from '../lib/cache';
import { feedLink, feedTitles } from '../lib/feed-link';
import { listedPage } from '../lib/listed-poem';
import { pageMeta } from '../lib/meta';
import { ARCHIVE_PATH, authorPath } from '../lib/paths';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/home';

export const headers = readerPageHeaders;

const NEW_POEMS = 10;
const AUTHORS = 5;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    'Poems worth reading',
    'Poetry: read poems, follow the poets you like, publish your own.',
  ),
  feedLink(args, feedTitles.site, '/'),
];

/** The newest poems, the API's featured and top authors, and the tags of those poems. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = browserApi(request, context);
  const authors = (listId: string) =>
    client.author.lists.get({ params: { listId }, query: { limit: AUTHORS } });
  const [latest, featured, top] = await Promise.all([
    client.poem.search({ query: { limit: NEW_POEMS } }),
    authors('featured'),
    authors('top'),
  ]);
  const tags = [...new Set(latest.poems.flatMap((poem) => poem.tags))];
  return data(
    { poems: listedPage(latest).poems, featured: featured.authors, top: top.authors, tags },
    { headers: readerCaching(request) },
  );
}

export default function Home({ loaderData: { poems, featured, top, tags } }: Route.ComponentProps) {
  const author = useRouteLoaderData<typeof rootLoader>('root')?.author;
  return (
    <>
      <h1>Poetry</h1>
      {author && (
        <p className="notice">
          You are logged in as <strong>{author.fullname}</strong> ({author.email}).{' '}
          {author.email_verified
            ? 'Your email address is verified.'
            : 'Your email address is not verified yet: follow the link in the mail we sent you.'}
        </p>
      )}
      <section aria-labelledby="new">
        <h2 id="new">New poems</h2>
        <PoemList poems={poems} empty="No poem is published yet." />
        {poems.length > 0 && (
          <p>
            <Link to={ARCHIVE_PATH}>All poems</Link>
          </p>
        )}
      </section>
      {tags.length > 0 && (
        <section aria-labelledby="tags">
          <h2 id="tags">Tags</h2>
          <TagLinks tags={tags} label="Tags of the new poems" />
        </section>
      )}
      <AuthorSection id="featured" title="Featured poets" authors={featured} />
      <AuthorSection id="top" title="Most liked poets" authors={top} />
    </>
  );
}

function AuthorSection({ id, title, authors }: { id: string; title: string; authors: readonly Author[] }) {
  if (authors.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="author-list">
        {authors.map((author) => (
          <li key={author.id}>
            <AuthorPhoto author={author} size="small" />
            <Link to={authorPath(author.username)}>{author.fullname}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
