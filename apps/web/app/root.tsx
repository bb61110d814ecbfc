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
import { publicFile } from './lib/public-file';
import { isFormRefused } from './lib/refused.server';
import { loggedInAuthor } from './lib/session.server';
import styles from './styles.css?url';

/** The browser's colour around the page (a phone's address bar): the paper of each scheme (styles.css). */
const THEME_COLOURS = { light: '#fdfbf7', dark: '#1b1917' } as const;

/**
 * The icons (`favicon.ico` for whoever asks for it, the drawing itself where SVG icons are
 * shown, iOS's home-screen tile), the web manifest and the styles.
 */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: publicFile('/favicon.ico'), sizes: '32x32' },
  { rel: 'icon', href: publicFile('/favicon.svg'), type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: publicFile('/apple-touch-icon.png') },
  { rel: 'manifest', href: publicFile('/site.webmanifest') },
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
 * Every page's document: a link past the header for keyboards, first; the site's header (search,
 * except on the search page, which has its own form; the account's links), the page in `<main>`,
 * and the canonical link. Light or dark, as the reader's system is. No page ships
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
        <meta name="color-scheme" content="light dark" />
        {Object.entries(THEME_COLOURS).map(([scheme, colour]) => (
          <meta
            key={scheme}
            name="theme-color"
            content={colour}
            media={`(prefers-color-scheme: ${scheme})`}
          />
        ))}
        <Meta />
        {root && <link rel="canonical" href={`${root.publicUrl}${pathname}`} />}
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="site">
          <Link to="/" className="site-name">
            Poetry
          </Link>
          {pathname !== '/search' && <SearchForm />}
          <AccountNav author={root?.author ?? null} />
        </header>
        {/* Focusable by the skip link alone, so that Tab goes on from the page's start. */}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
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
