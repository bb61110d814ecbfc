import { Link, Outlet, useLocation } from 'react-router';

/** The studio's sections, and the paths of the pages in each (beside the section's own). */
const SECTIONS = [
  { to: '/studio', label: 'Poems', within: '/studio/poem/' },
  { to: '/studio/collections', label: 'Collections', within: '/studio/collection/' },
  { to: '/studio/profile', label: 'Profile' },
  { to: '/studio/account', label: 'Account', within: '/studio/account/' },
  { to: '/studio/feed', label: 'Feed' },
  { to: '/studio/following', label: 'Following' },
  { to: '/studio/liked', label: 'Liked' },
] as const satisfies ReadonlyArray<{ to: string; label: string; within?: string }>;

const isIn = (pathname: string, section: (typeof SECTIONS)[number]) =>
  pathname === section.to || ('within' in section && pathname.startsWith(section.within));

/**
 * Every studio page (`/studio/...`): the studio's sections, then the page. Nothing here asks who
 * is logged in: each page's own SDK calls do (`lib/studio.server.ts`), and send the browser to
 * log in when nobody is.
 */
export default function StudioLayout() {
  const { pathname } = useLocation();
  return (
    <div className="studio">
      <nav aria-label="Studio" className="studio-nav">
        {SECTIONS.map((section) => (
          <Link key={section.to} to={section.to} aria-current={isIn(pathname, section) ? 'page' : undefined}>
            {section.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
