/**
 * Control, format (zero-width, bidi), space (Unicode's too: U+3000, U+2028) and unassigned
 * characters, and halves of a surrogate pair.
 */
const UNSAFE_CHARACTER = /[\p{C}\p{Z}\s]/u;

/** What a header may not carry as it is (Node refuses it: a 500 after the work is done). */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/gu;

/** One `/`, then neither `/` nor `\`: a path on this origin (`//host` and `/\host` are another host). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

/** `text` percent-decoded until nothing is left to decode, or undefined if some layer is not valid encoding. */
function fullyDecoded(text: string): string | undefined {
  let decoded = text;
  for (;;) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
}

const isSafePath = (path: string | undefined) =>
  path !== undefined && SAME_ORIGIN_PATH.test(path) && !UNSAFE_CHARACTER.test(path);

/**
 * Where to send the browser to when the place comes from the request (a `next` field, the page's
 * own address): `target` if it is a path on this site, else `/`. The path is judged as given and
 * after percent-decoding (twice-encoded too), since browsers drop tabs and newlines and read `\`
 * as `/`, and a server may decode what it forwards. The query and fragment are only judged as
 * given: no browser reads a host out of them, and a search for two words is `?q=two%20words`.
 * Letters beyond ASCII (`/poème`) come back percent-encoded, as a `Location` header needs them.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== 'string' || UNSAFE_CHARACTER.test(target)) return '/';
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (!isSafePath(path) || !isSafePath(fullyDecoded(path))) return '/';
  return target.replace(NOT_PRINTABLE_ASCII, encodeURIComponent);
}
