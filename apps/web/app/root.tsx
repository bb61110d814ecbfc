import type { ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AccountNav } from './components/account-nav';
import { SearchForm } from './components/search-form';
import { isFormRefused } from './lib/refused.server';
import { loggedInAuthor } from './lib/session.server';
import styles from './styles.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: styles },
];

/**
 * The public URL (canonical links, link previews), who is logged in, and whether the page shows a
 * form its action refused (the title says so), for every page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { author, headers } = await loggedInAuthor(request, context);
  return data({ publicUrl: context.publicUrl, author, formRefused: isFormRefused(context) }, { headers });
}

/**
 * Every page's document: the site's header (search, except on the search page, which has its
 * own form; the account's links), the page in `<main>`, and the canonical link. No page ships
 * React Router's client: every form posts as a plain form, and the few enhancements are small
 * scripts of their own in `public/`, loaded by the pages that use them.
 */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root && <link rel="canonical" href={`${root.publicUrl}${pathname}`} />}
        <Links />
      </head>
      <body>
        <header className="site">
          <Link to="/" className="site-name">
            Poetry
          </Link>
          {pathname !== '/search' && <SearchForm />}
          <AccountNav author={root?.author ?? null} />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  return (
    <>
      <title>{`${title} · Poetry`}</title>
      <meta name="description" content={title} />
      <h1>{title}</h1>
      <p>
        {notFound
          ? 'There is no page at this address.'
          : 'The page could not be shown. Please try again in a moment.'}
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
