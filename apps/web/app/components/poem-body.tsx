import { poemMarkup } from '../lib/poem-markup';

/**
 * Text of a poem, its body or a list's opening of it, in an element of `className`: stanzas
 * parted by a blank line, each line its own box whose wrapped continuation hangs further in than
 * the line starts, indents kept (`poemMarkup`, which escapes any markup in it).
 */
export function PoemText({ text, className }: { text: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: poemMarkup escapes the author's text.
  return <div className={className} dangerouslySetInnerHTML={{ __html: poemMarkup(text) }} />;
}

/** A poem's text as written. */
export function PoemBody({ body }: { body: string }) {
  return <PoemText text={body} className="poem-body" />;
}
