/**
 * Path segments that are not valid percent-encoding: an escape that is not hex or cut short, and
 * escapes of bytes that are not UTF-8 (a lone continuation byte, an overlong form, a surrogate).
 */
export const MALFORMED_ESCAPES = ['%ZZ', '%', 'a%2', '%E0%A4%A', '%FF', '%C0%AF', '%ED%A0%80'];

/**
 * A route's URL spelled another way, each of which a router that is strict and case-sensitive
 * does not take for the route: with a trailing slash, in capitals, with its first segment after
 * `/api` capitalised.
 */
export function pathVariants(url: string): { label: string; url: string }[] {
  const variant = (label: string, spell: (path: string) => string) => {
    const spelled = new URL(url);
    spelled.pathname = spell(spelled.pathname);
    return { label, url: spelled.href };
  };
  return [
    variant('a trailing slash', (path) => `${path}/`),
    variant('in capitals', (path) => path.toUpperCase()),
    variant('a segment capitalised', (path) =>
      path.replace(/^\/api\/(\w)/, (_match, letter: string) => `/api/${letter.toUpperCase()}`),
    ),
  ];
}
