import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

type Manifest = ServerBuild['routes'];

/** The build's flat route manifest as the tree `matchRoutes` reads. */
function routeTree(routes: Manifest, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route as NonNullable<typeof route>;
      return (
        index
          ? { id, path, index, caseSensitive }
          : { id, path, caseSensitive, children: routeTree(routes, id) }
      ) as RouteObject;
    });
}

/**
 * The page a path is for. React Router's server also takes a page's posts at `<path>.data`
 * (`/_root.data` for `/`), where its client would post them.
 */
const pagePathOf = (pathname: string) => (pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, ''));

/** `?index` with no value: a post to an index route, not to its parent (React Router's rule). */
const postsToIndex = (search: string) => new URLSearchParams(search).getAll('index').includes('');

/**
 * Whether a form may be posted to `url` in this build of the pages: whether the route React
 * Router would run the action of has one. That route is the deepest match with a path of its own
 * (or the first match, the root), or the index route itself when the URL says `?index`, as React
 * Router picks it; for a page's own path or its `.data` path. Read from the build, so that a new page with an action takes posts at once.
 */
export function formRoutes(build: ServerBuild): (url: string) => boolean {
  const tree = routeTree(build.routes);
  return (url) => {
    const { pathname, search } = new URL(url, 'http://pages');
    const matches = matchRoutes(tree, pagePathOf(pathname)) ?? [];
    const last = matches.at(-1);
    const target =
      last?.route.index && postsToIndex(search)
        ? last
        : matches.filter((match, position) => position === 0 || match.route.path).at(-1);
    return target?.route.id !== undefined && build.routes[target.route.id]?.module.action !== undefined;
  };
}
