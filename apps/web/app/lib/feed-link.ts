import type { MetaDescriptor } from 'react-router';
import { type MetaArgs, publicUrlOf } from './meta';
import { feedPath } from './paths';

/** Each feed's title: its `<title>`, and the title of the link to it from its page. */
export const feedTitles = {
  site: 'New poems on Poetry',
  author: (fullname: string) => `Poems by ${fullname} on Poetry`,
  collection: (title: string, owner: string) => `${title}, a collection by ${owner} on Poetry`,
  tag: (tag: string) => `Poems tagged #${tag} on Poetry`,
};

/** The `<link rel="alternate">` to the Atom feed of the page at `pagePath`, for its `meta`. */
export const feedLink = (args: MetaArgs, title: string, pagePath: string): MetaDescriptor => ({
  tagName: 'link',
  rel: 'alternate',
  type: 'application/atom+xml',
  title,
  href: `${publicUrlOf(args)}${feedPath(pagePath)}`,
});
