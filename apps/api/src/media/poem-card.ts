import { createHash } from 'node:crypto';
import { CARD_FONT } from './card-fonts.js';
import { loadSharp } from './load-sharp.js';

/** A link preview's size, as Open Graph and Twitter's large card want it. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** What a poem's card shows, each part already cut to what the card has room for (`cardText`). */
export type CardText = { title: string; author: string; lines: readonly string[] };

const TITLE_MAX = 120;
const AUTHOR_MAX = 80;
const LINES_MAX = 4;
const LINE_MAX = 90;
/** Enough of the body's start for `LINES_MAX` lines of `LINE_MAX` characters and the blank lines between. */
const BODY_READ = 2 * LINES_MAX * LINE_MAX;

/**
 * Changes with the layout below, so that a card drawn anew gets a new ETag even where the poem
 * did not change.
 */
const LAYOUT = 'card-1';

/** The pages' colours (apps/web/app/styles.css). */
const INK = '#1d1b18';
const MUTED = '#5c5750';
const PAPER = '#fdfbf7';
const ACCENT = '#7a2e1d';

const MARGIN = 80;
const MEASURE = CARD_SIZE.width - 2 * MARGIN;

/** `text` in at most `max` characters, its end replaced by `…` when cut, never half a surrogate pair. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * What the card of a published poem shows: its title (or "Untitled"), its author, and its first
 * lines of text (blank lines before them skipped, a run of blank lines between them kept as one),
 * each cut to the card's room. Only the start of the body is read.
 */
export function cardText(poem: { title: string; body: string; author: { fullname: string } }): CardText {
  const lines: string[] = [];
  for (const line of poem.body.slice(0, BODY_READ).split(/\r\n?|\n/)) {
    const blank = line.trim() === '';
    if (blank && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(blank ? '' : cut(line.trimEnd(), LINE_MAX));
    if (lines.length === LINES_MAX) break;
  }
  while (lines.at(-1) === '') lines.pop();
  return {
    title: cut(poem.title || 'Untitled', TITLE_MAX),
    author: cut(poem.author.fullname, AUTHOR_MAX),
    lines,
  };
}

/** A strong validator of the card `text` makes: the same text, the same picture, on every instance. */
export const cardTag = (text: CardText) =>
  `"${createHash('sha256')
    .update(JSON.stringify([LAYOUT, text]))
    .digest('base64url')}"`;

/**
 * Characters Pango's markup parser refuses (C0 controls but tab and line feed, U+FFFE, U+FFFF):
 * the API stores them, and one must not make a card fail.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const NOT_MARKUP = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/g;

/** `text` as Pango markup that shows it as it is. */
const markupOf = (text: string) =>
  text.replace(NOT_MARKUP, '\uFFFD').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

type TextBlock = {
  text: string;
  /** Pango's style words: "Bold", "Italic", or "" for the regular face. */
  style: string;
  /** In pixels (points at 72 dpi). */
  size: number;
  color: string;
  /** Taller than this, the text is set smaller, to fit. */
  maxHeight: number;
};

/**
 * `block` set as a transparent picture `MEASURE` wide, its words wrapped (a word longer than the
 * measure, between its letters): at its size if it fits
 * in `maxHeight`, else as large as fits (libvips then searches the size, setting it a few times).
 */
async function setText({ text, style, size, color, maxHeight }: TextBlock) {
  const sharp = await loadSharp();
  const set = (height?: number) =>
    sharp({
      text: {
        text: `<span foreground="${color}">${markupOf(text)}</span>`,
        font: `${CARD_FONT} ${style} ${size}`,
        width: MEASURE,
        ...(height ? { height } : { dpi: 72 }),
        rgba: true,
        wrap: 'word-char',
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const atSize = await set();
  const { data, info } = atSize.info.height <= maxHeight ? atSize : await set(maxHeight);
  return { input: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The card of `text`: a 1200×630 PNG on the pages' paper, with a bar of their accent at the top,
 * the title in bold, the author in italics and the first lines below them, and the site's name.
 * Every part's size is bounded (`cardText`), and so is the work.
 */
export async function drawCard(text: CardText): Promise<Buffer> {
  const sharp = await loadSharp();
  const title = await setText({ text: text.title, style: 'Bold', size: 60, color: INK, maxHeight: 160 });
  const author = await setText({ text: text.author, style: 'Italic', size: 34, color: MUTED, maxHeight: 48 });
  const top = 84;
  const authorTop = top + title.raw.height + 16;
  const linesTop = authorTop + author.raw.height + 36;
  const site = await setText({ text: 'Poetry', style: 'Bold', size: 28, color: ACCENT, maxHeight: 40 });
  const siteTop = CARD_SIZE.height - 48 - site.raw.height;
  const layers = [
    {
      input: { create: { width: CARD_SIZE.width, height: 14, channels: 3, background: ACCENT } },
      top: 0,
      left: 0,
    },
    { input: title.input, raw: title.raw, top, left: MARGIN },
    { input: author.input, raw: author.raw, top: authorTop, left: MARGIN },
    { input: site.input, raw: site.raw, top: siteTop, left: MARGIN },
  ] as const;
  const room = siteTop - 24 - linesTop;
  const lines =
    text.lines.length > 0 && room > 40
      ? await setText({ text: text.lines.join('\n'), style: '', size: 34, color: INK, maxHeight: room })
      : undefined;
  return sharp({
    create: { width: CARD_SIZE.width, height: CARD_SIZE.height, channels: 3, background: PAPER },
  })
    .composite([
      ...layers,
      ...(lines ? [{ input: lines.input, raw: lines.raw, top: linesTop, left: MARGIN }] : []),
    ])
    .png()
    .toBuffer();
}
