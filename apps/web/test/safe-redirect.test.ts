import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../app/lib/safe-redirect';

const codePoints = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

/** Every C0 and C1 control character, and DEL. */
const CONTROLS = [...codePoints(0x00, 0x1f), ...codePoints(0x7f, 0x9f)];

/** Every space and line or paragraph separator in the Basic Multilingual Plane (U+3000, U+2028...). */
const SPACES = codePoints(0x20, 0xffff).filter((character) => /[\p{Z}\s]/u.test(character));

/** A character as a URL carries it: its UTF-8 bytes percent-encoded, in upper or lower case. */
const encodings = (character: string) => {
  const encoded = encodeURIComponent(character);
  return [encoded, encoded.toLowerCase()];
};

/** `%2f` and `%5c` in every letter case, and each encoded once more, and twice more. */
const ENCODED_SEPARATORS = ['%2f', '%2F', '%5c', '%5C'].flatMap((encoded) => [
  encoded,
  encoded.replace('%', '%25'),
  encoded.replace('%', '%2525'),
]);

/** Places that would send a browser to evil.example if `separator` were read as a `/`. */
const leaving = (separator: string) => [
  `/${separator}/evil.example/phish`,
  `/${separator}evil.example/phish`,
  `${separator}/evil.example/phish`,
  `/${separator}${separator}evil.example`,
];

const HOSTILE: readonly string[] = [
  ...[...CONTROLS, ...SPACES].flatMap((character) => [
    ...leaving(character),
    `${character}//evil.example`,
    `/studio${character}`,
    ...encodings(character).flatMap(leaving),
  ]),
  ...ENCODED_SEPARATORS.flatMap(leaving),
  ...leaving('\\'),
  '\\\\evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/phish',
  'https://evil.example/',
  'HTTPS://evil.example/',
  'http:evil.example',
  'https:/evil.example',
  'ftp://evil.example',
  '//evil.example@poetry.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'studio',
  '',
  '/%',
  '/%zz/evil.example',
  '/%252',
  '/\u{d800}',
];

describe('safeRedirectPath', () => {
  it(`sends every one of ${HOSTILE.length} generated hostile values home`, () => {
    const leaks = HOSTILE.filter((value) => safeRedirectPath(value) !== '/');
    expect(leaks.map((value) => JSON.stringify(value))).toEqual([]);
  });

  it('sends anything but text home', () => {
    for (const value of [null, undefined, new File(['/studio'], '/studio')]) {
      expect(safeRedirectPath(value)).toBe('/');
    }
  });

  it('keeps a path on this site as it is, its query and fragment included', () => {
    for (const path of [
      '/',
      '/studio',
      '/search?q=sea',
      '/search?q=two%20words',
      '/search?q=%2F%2Fevil.example',
      '/poem/4f1c?v=2#comments',
      '/@ada/collection/7',
      '/tag/caf%C3%A9',
    ]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it('percent-encodes letters beyond ASCII, which a Location header cannot carry as they are', () => {
    expect(safeRedirectPath('/tag/poème')).toBe('/tag/po%C3%A8me');
    expect(safeRedirectPath('/tag/詩')).toBe('/tag/%E8%A9%A9');
  });
});
