import { shownText } from '../lib/authored-text';

/**
 * A poem's text as written: stanzas parted by a blank line, line breaks and indents kept
 * (`white-space: pre-wrap`), in one paragraph whatever its length (`shownText`). React escapes
 * any markup in it.
 */
export function PoemBody({ body }: { body: string }) {
  const text = shownText(body);
  return <div className="poem-body">{text && <p>{text}</p>}</div>;
}
