import { describe, expect, it } from 'vitest';
import { contract, namedRoutes, RESERVED_USERNAMES, Username } from '../src/index.js';

const paths = namedRoutes(contract).map(({ route }) => route.path.split('/'));

/**
 * The fixed words routes have where another route of the same prefix takes an author's id or
 * username: a username equal to one would be shadowed by that route.
 */
function wordsInAuthorPlace(): string[] {
  const words = new Set<string>();
  for (const withAuthor of paths) {
    const at = withAuthor.indexOf(':authorId');
    if (at < 0) continue;
    const prefix = withAuthor.slice(0, at).join('/');
    for (const other of paths) {
      const word = other[at];
      if (other.slice(0, at).join('/') === prefix && word !== undefined && !word.startsWith(':')) {
        words.add(word);
      }
    }
  }
  return [...words];
}

describe('reserved usernames', () => {
  it("hold every word a route has in an author's place", () => {
    expect(wordsInAuthorPlace()).toContain('list');
    for (const word of wordsInAuthorPlace()) expect(RESERVED_USERNAMES).toContain(word);
  });

  it('cannot be chosen, in any case', () => {
    for (const word of RESERVED_USERNAMES) {
      for (const spelling of [word, word.toUpperCase()]) {
        expect(Username.safeParse(spelling).success, spelling).toBe(false);
      }
    }
  });
});
