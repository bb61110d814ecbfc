/** An Atom entry (RFC 4287): every value plain text, escaped here; `html` is markup, sent as text. */
export type AtomEntry = {
  /** A permanent, unique IRI. */
  id: string;
  title: string;
  /** The entry's page (`rel="alternate"`). */
  url: string;
  /** RFC 3339 times. */
  published: string | null;
  updated: string;
  author: { name: string; uri: string };
  categories: readonly string[];
  /** The entry's content as HTML (`type="html"`). */
  html: string;
};

export type AtomFeed = {
  /** A permanent, unique IRI: the feed's own URL. */
  id: string;
  title: string;
  updated: string;
  /** The feed's own URL (`rel="self"`) and the page it follows (`rel="alternate"`). */
  selfUrl: string;
  pageUrl: string;
  /** Made as they are written: an entry's content is built only when its turn comes. */
  entries: Iterable<AtomEntry>;
};

/**
 * What XML 1.0 cannot carry in any form, not even as a character reference: C0 controls but tab,
 * line feed and carriage return, and U+FFFE, U+FFFF. The API stores them (only NUL and lone
 * surrogates are refused), and one would make a feed no parser reads.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const NOT_XML = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * `text` as XML (or HTML) character data, in an element or in a quoted attribute: the five special
 * characters as references, anything XML cannot hold as U+FFFD. Plain `replaceAll`s: a poem at
 * the limit escaped twice (its HTML, then that as XML) is a million characters or more.
 */
export const escapeMarkup = (text: string): string =>
  text
    .replace(NOT_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

type Attributes = Record<string, string>;

const attributesOf = (attributes: Attributes) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`)
    .join('');

/** `<name …>text</name>`, with its text escaped. */
const textElement = (name: string, text: string, attributes: Attributes = {}) =>
  `<${name}${attributesOf(attributes)}>${escapeMarkup(text)}</${name}>`;

const emptyElement = (name: string, attributes: Attributes) => `<${name}${attributesOf(attributes)}/>`;

function entryXml(entry: AtomEntry): string {
  return [
    '<entry>',
    textElement('id', entry.id),
    textElement('title', entry.title, { type: 'text' }),
    emptyElement('link', { rel: 'alternate', type: 'text/html', href: entry.url }),
    ...(entry.published ? [textElement('published', entry.published)] : []),
    textElement('updated', entry.updated),
    `<author>${textElement('name', entry.author.name)}${textElement('uri', entry.author.uri)}</author>`,
    ...entry.categories.map((term) => emptyElement('category', { term })),
    textElement('content', entry.html, { type: 'html' }),
    '</entry>',
  ].join('\n');
}

/**
 * The feed as an Atom 1.0 document, in parts: its head, each entry, its end. An entry holds a
 * poem of up to 100,000 characters; a caller that yields between them never holds the event
 * loop for more than one.
 */
export function* atomParts(feed: AtomFeed): Generator<string> {
  yield [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    textElement('id', feed.id),
    textElement('title', feed.title, { type: 'text' }),
    textElement('updated', feed.updated),
    emptyElement('link', { rel: 'self', type: 'application/atom+xml', href: feed.selfUrl }),
    emptyElement('link', { rel: 'alternate', type: 'text/html', href: feed.pageUrl }),
    '',
  ].join('\n');
  for (const entry of feed.entries) yield `${entryXml(entry)}\n`;
  yield '</feed>\n';
}
