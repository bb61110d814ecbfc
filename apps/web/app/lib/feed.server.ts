import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Poem } from '@poetry/sdk';
import type { AppLoadContext } from 'react-router';
import { type AtomEntry, atomParts, escapeMarkup } from './atom';
import { stanzasOf } from './authored-text';
import { readerCaching } from './cache';
import { authorPath, feedPath, poemPath } from './paths';

const UTF8 = new TextEncoder();

/** The newest published poems a feed carries. */
export const FEED_ENTRIES = 50;

/** The `updated` of a feed with no entry and nothing else to date it. */
export const NEVER_UPDATED = new Date(0).toISOString();

/** What a feed is made of: its title, the page it follows, its poems (newest first), and its own last change. */
type FeedSource = { title: string; pagePath: string; poems: readonly Poem[]; since: string };

/** Thrown by a feed's loader for an unknown author, collection or tag: a feed has no error page. */
export const noFeed = () =>
  new Response('There is no feed at this address.\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** The indents of lines of text, which HTML would collapse, as no-break spaces; blank lines stay blank. */
const indentKept = (text: string) => text.replace(/^ +(?=\S)/gm, (indent) => '\u00a0'.repeat(indent.length));

/**
 * A poem's text as HTML: a `<p>` per stanza, a `<br>` between its lines, everything in it escaped.
 * Escaped whole before it is parted (escaping leaves line breaks and blank lines as they are):
 * a poem at the limit can have 33,000 stanzas.
 */
const poemHtml = (body: string): string =>
  stanzasOf(escapeMarkup(indentKept(body)))
    .map((stanza) => `<p>${stanza.replaceAll('\n', '<br>')}</p>`)
    .join('\n');

function entryOf(poem: Poem, publicUrl: string): AtomEntry {
  const url = `${publicUrl}${poemPath(poem.id)}`;
  return {
    id: url,
    title: poem.title || 'Untitled',
    url,
    published: poem.published_at,
    updated: poem.updated_at,
    author: { name: poem.author.fullname, uri: `${publicUrl}${authorPath(poem.author.username)}` },
    categories: poem.tags,
    html: poemHtml(poem.body),
  };
}

/** The poems' entries, each made when the feed comes to it. */
function* entriesOf(poems: readonly Poem[], publicUrl: string): Generator<AtomEntry> {
  for (const poem of poems) yield entryOf(poem, publicUrl);
}

/** Whether `If-None-Match` names `etag` (weakly, as RFC 9110 compares for GET and HEAD), or is `*`. */
function holds(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A feed's answer: Atom, its URLs on the public URL (never the request's `Host`), cached like the
 * reader pages, with an ETag of its content; 304 when the browser or cache already holds it.
 * Written an entry at a time, letting other requests run between entries: fifty poems at the
 * body's limit make a document of up to 35 MB (33,000 stanzas a poem), two seconds of work.
 */
export async function feedResponse(request: Request, context: AppLoadContext, source: FeedSource) {
  const { publicUrl } = context;
  const selfUrl = `${publicUrl}${feedPath(source.pagePath)}`;
  // RFC 3339 times in UTC, as the API writes them, sort as text.
  const updated =
    [source.since, ...source.poems.map((poem) => poem.updated_at)].sort().at(-1) ?? source.since;
  const parts = atomParts({
    id: selfUrl,
    title: source.title,
    updated,
    selfUrl,
    pageUrl: `${publicUrl}${source.pagePath}`,
    entries: entriesOf(source.poems, publicUrl),
  });
  const hash = createHash('sha1');
  // Encoded part by part, and sent as one Blob of them: never a string of the whole document.
  const written: Uint8Array<ArrayBuffer>[] = [];
  for (const part of parts) {
    const bytes = UTF8.encode(part);
    hash.update(bytes);
    written.push(bytes);
    await setImmediate();
  }
  const etag = `"${hash.digest('base64url')}"`;
  const headers = readerCaching(request);
  headers.set('ETag', etag);
  if (holds(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'application/atom+xml; charset=utf-8');
  return new Response(new Blob(written), { headers });
}
