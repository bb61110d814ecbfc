import { NavLink, Outlet } from 'react-router';
import { hydrated } from '../../lib/hydration';

/** The studio's pages: forms submit in place, and a page with unsaved changes can warn. */
export const handle = hydrated;

const SECTIONS = [
  { to: '/studio', label: 'Poems', end: true },
  { to: '/studio/collections', label: 'Collections', end: false },
  { to: '/studio/profile', label: 'Profile', end: true },
  { to: '/studio/account', label: 'Account', end: false },
  { to: '/studio/feed', label: 'Feed', end: true },
  { to: '/studio/following', label: 'Following', end: true },
  { to: '/studio/liked', label: 'Liked', end: true },
] as const;

/**
 * Every studio page (`/studio/...`): the studio's sections, then the page. Nothing here asks who
 * is logged in: each page's own SDK calls do (`lib/studio.server.ts`), and send the browser to
 * log in when nobody is.
 */
export default function StudioLayout() {
  return (
    <div className="studio">
      <nav aria-label="Studio" className="studio-nav">
        {SECTIONS.map(({ to, label, end }) => (
          <NavLink key={to} to={to} end={end}>
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
