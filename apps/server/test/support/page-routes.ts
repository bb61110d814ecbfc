import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { signedUpAuthor } from './authors.js';

/** The web's build as the service serves it: its routes are the pages walked. */
export async function webBuild(): Promise<ServerBuild> {
  const web = path.dirname(createRequire(import.meta.url).resolve('@poetry/web/package.json'));
  return import(pathToFileURL(path.join(web, 'build/server/index.js')).href);
}

export type PageRoute = {
  id: string;
  /** Whether it renders a document (not a feed, not the read counter, which only answer). */
  document: boolean;
  takesForms: boolean;
  /**
   * The page's address; the URL a form posts to it (`?index` for an index route, else React
   * Router posts to its parent); and the same as React Router's client posts it (`<path>.data`).
   */
  urls(params: Record<string, string>): { path: string; form: string; data: string };
};

/** Every route of the build that is a page of its own (layouts are not). */
export function pageRoutes(build: ServerBuild): PageRoute[] {
  return Object.values(build.routes).flatMap((route) => {
    if (!route || (!route.path && !route.index)) return [];
    const { id, path: pattern = '', index } = route;
    const urls = (params: Record<string, string>) => {
      const filled = pattern.replace(/:(\w+)|\*/g, (parameter, name = '*') => {
        const value = params[name];
        if (value === undefined) throw new Error(`no value for ${parameter} of ${id}: add one to the walk`);
        return value;
      });
      const search = index ? '?index' : '';
      return { path: `/${filled}`, form: `/${filled}${search}`, data: `/${filled || '_root'}.data${search}` };
    };
    return [
      {
        id,
        document: route.module.default !== undefined,
        takesForms: route.module.action !== undefined,
        urls,
      },
    ];
  });
}

/**
 * A new author with a published poem (tagged `walk`) and a public collection holding it: its SDK
 * client and session cookie, and a value for every route parameter.
 */
export async function authorWithPages(baseUrl: string) {
  const { client, author, cookie } = await signedUpAuthor(baseUrl, 'Walk', 'Er');
  const { poem: draft } = await client.me.poems.create({ body: {} });
  const { poem } = await client.me.poems.update({
    params: { poemId: draft.id },
    body: { title: 'Walked', body: 'A line\nanother', tags: ['walk'], is_published: true },
  });
  const { collection } = await client.me.collections.create({ body: { title: 'Walked', is_public: true } });
  await client.me.collections.poems.add({
    params: { collectionId: collection.id, poemId: poem.id },
    body: {},
  });
  const params: Record<string, string> = {
    poemId: poem.id,
    collectionId: collection.id,
    handle: `@${author.username}`,
    tag: 'walk',
    shareKey: poem.share_key,
    '*': 'no/such/page',
  };
  return { client, cookie, params };
}
