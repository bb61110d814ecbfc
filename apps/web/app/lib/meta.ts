import type { MetaDescriptor } from 'react-router';

/** A page's title (with the site's name) and description; the canonical link is the root's. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} · Poetry` }, { name: 'description', content: description }];
}
