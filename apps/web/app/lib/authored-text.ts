/** A line break in any of the conventions a browser's form or an editor may send. */
const LINE_BREAK = /\r\n?/g;
/** Lines holding nothing but spaces and tabs, after the line break that ends a line of text. */
const BLANK_LINES = /\n(?:[ \t]*\n)+/g;
/** Blank lines before the first line of text. */
const LEADING_BLANK_LINES = /^(?:[ \t]*\n)+/;

/**
 * Text an author wrote (a poem, a bio, a description) as a page shows it: line breaks and indents
 * kept, every run of blank lines one blank line (a stanza break), none before or after. A bio or a
 * description is one text node in one element with `white-space: pre-wrap`, however many lines:
 * a page's cost must not grow with what an author can make. A poem's lines are parted further,
 * as cheaply as that allows (`poemMarkup`).
 */
export function shownText(text: string): string {
  return text
    .replace(LINE_BREAK, '\n')
    .replace(BLANK_LINES, '\n\n')
    .replace(LEADING_BLANK_LINES, '')
    .trimEnd();
}

/** The stanzas of text an author wrote, as `shownText` parts them: each its lines, joined by "\n". */
export function stanzasOf(text: string): string[] {
  const shown = shownText(text);
  return shown ? shown.split('\n\n') : [];
}

/** `text` in at most `max` characters (UTF-16 units), its end replaced by `…` when cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max - 1);
  // Never half of a character written as a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}

/**
 * The opening of a poem as a list or a link preview shows it: its first `lines` lines of text
 * (blank lines before them skipped), in at most `max` characters. Only the start of the body is
 * read, so a list of poems costs the same whatever their length.
 */
export function opening(body: string, { lines, max }: { lines: number; max: number }): string {
  const start = LEADING_BLANK_LINES.exec(body)?.[0].length ?? 0;
  // Beyond `max` characters of its lines, the rest only tells that it was cut.
  const head = shownText(body.slice(start, start + max + 1));
  return cut(head.split('\n', lines).join('\n').trimEnd(), max);
}

/** White space before the first word of a text: blank lines, and the first line's indent. */
const LEADING_SPACE = /^\s*/;
/** What closes a line but not a sentence that goes on after it: dashes, stops, commas, colons. */
const CLOSING_PUNCTUATION = /[\s\p{Pd}.,;:!?…]+$/u;

/**
 * A poem's first line as a sentence quotes it before going on (", a poem by …"), in at most `max`
 * characters: without its indent, and without the punctuation that closes it, unless it is cut.
 */
export function firstLine(body: string, max: number): string {
  const start = LEADING_SPACE.exec(body)?.[0].length ?? 0;
  const [line = ''] = shownText(body.slice(start, start + max + 1)).split('\n', 1);
  return line.length > max ? cut(line, max) : line.replace(CLOSING_PUNCTUATION, '');
}
