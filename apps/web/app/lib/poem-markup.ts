import { stanzasOf } from './authored-text';

/** The white space a line of a poem starts with: its indent, as the author typed it. */
const INDENT = /^[ \t\u00a0\u3000]+/;

/** `text` as HTML text or a double-quoted attribute's value. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function lineMarkup(line: string): string {
  const indent = INDENT.exec(line)?.[0];
  return indent
    ? `<span data-indent="${indent}">${line.slice(indent.length)}</span>`
    : `<span>${line}</span>`;
}

/**
 * A poem's text (or its opening) as HTML: a `<p>` per stanza (`stanzasOf`), a bare `<span>` per
 * line, which the stylesheet lays out so that a line that wraps goes on further in than it starts.
 * A line's indent is its `data-indent`, drawn by the stylesheet in its place as wide as the white
 * space typed: the hang is measured from where the line starts, however far in that is.
 *
 * Elements: one a line and one a stanza, so at most two for every three characters of the body
 * ("a\n\n" repeated). Written as a string, not as React elements: React makes the 50,000 of a
 * poem of one-letter lines at the body's limit in about a third of a second, this in a tenth of
 * that. The text is escaped whole before it is parted (escaping keeps white space and line breaks
 * as they are), and an escaped indent is still only white space.
 */
export function poemMarkup(text: string): string {
  return stanzasOf(escapeHtml(text))
    .map((stanza) => `<p>${stanza.split('\n').map(lineMarkup).join('')}</p>`)
    .join('');
}
