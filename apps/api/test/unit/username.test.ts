import { Username } from '@poetry/contract';
import { describe, expect, it } from 'vitest';
import { usernameBase } from '../../src/modules/account/username.service.js';

/** What `usernameBase` leaves room for: `freeUsername` appends `-2`, `-3`, ... up to Username's 30. */
const MAX_BASE = 24;

describe('usernameBase', () => {
  it('joins first and last name with a dash, lower-cased', () => {
    expect(usernameBase('Ada', 'Lovelace')).toBe('ada-lovelace');
    expect(usernameBase('ADA', 'LOVELACE')).toBe('ada-lovelace');
    expect(usernameBase('R2', 'D2')).toBe('r2-d2');
  });

  it('drops the accents of Latin letters', () => {
    expect(usernameBase('Émile', 'Zola')).toBe('emile-zola');
    expect(usernameBase('Zoë', 'Brontë-Ångström')).toBe('zoe-bronte-angstrom');
    expect(usernameBase('Nguyễn', 'Thị Minh')).toBe('nguyen-thi-minh');
    expect(usernameBase('İlhan', 'Şahin')).toBe('ilhan-sahin');
  });

  it('folds compatibility forms: full-width letters, ligatures', () => {
    expect(usernameBase('Ｔａｒｏ', 'Ｙａｍａｄａ')).toBe('taro-yamada');
    expect(usernameBase('ﬁona', 'Apple')).toBe('fiona-apple');
  });

  it('turns each run of spaces and punctuation into one dash, none at either end', () => {
    expect(usernameBase('Jean Paul', 'Sartre')).toBe('jean-paul-sartre');
    expect(usernameBase('Seán', "O'Casey")).toBe('sean-o-casey');
    expect(usernameBase('  Mary--Jane ', '  Watson  ')).toBe('mary-jane-watson');
    expect(usernameBase('a_b', 'c.d')).toBe('a-b-c-d');
    expect(usernameBase('¡Ana!', '(García)')).toBe('ana-garcia');
    expect(usernameBase('Jo', '😀 Smith')).toBe('jo-smith');
  });

  it('keeps what is left of a name partly in another script', () => {
    expect(usernameBase('Fyodor', 'Достоевский')).toBe('fyodor');
    expect(usernameBase('王', 'Wei')).toBe('wei');
  });

  it('falls back to "author" when no Latin letter or digit is left', () => {
    expect(usernameBase('李', '白')).toBe('author');
    expect(usernameBase('Фёдор', 'Достоевский')).toBe('author');
    expect(usernameBase('محمود', 'درويش')).toBe('author');
    expect(usernameBase('😀', '🎉')).toBe('author');
    expect(usernameBase('___', '---')).toBe('author');
  });

  it('falls back to "author" below 3 characters, and keeps 3', () => {
    expect(usernameBase('A', '.')).toBe('author');
    expect(usernameBase('Ab', '!')).toBe('author');
    expect(usernameBase('李', 'Al')).toBe('author');
    expect(usernameBase('Abc', '?')).toBe('abc');
    expect(usernameBase('A', 'B')).toBe('a-b');
  });

  it(`cuts at ${MAX_BASE} characters`, () => {
    expect(usernameBase('Abcdefghijklmnopqrstuvwx', 'y')).toBe('abcdefghijklmnopqrstuvwx');
    expect(usernameBase('Abcdefghijklmnopqrstuvwxy', 'z')).toBe('abcdefghijklmnopqrstuvwx');
    expect(usernameBase('Bartholomew', 'Montgomery-Featherstonehaugh')).toBe('bartholomew-montgomery-f');
    expect(usernameBase('A'.repeat(100), 'B'.repeat(100))).toBe('a'.repeat(MAX_BASE));
  });

  it('leaves no dash at the end of a cut', () => {
    // "abcdefghijklmnopqrstuvw-" would be the first 24 characters.
    expect(usernameBase('Abcdefghijklmnopqrstuvw', 'Xyz')).toBe('abcdefghijklmnopqrstuvw');
    expect(usernameBase('Abcdefghijk', 'Lmnopqrstuv Wxyz')).toBe('abcdefghijk-lmnopqrstuv');
    // One character shorter, the cut lands inside the last word.
    expect(usernameBase('Abcdefghij', 'Lmnopqrstuv Wxyz')).toBe('abcdefghij-lmnopqrstuv-w');
  });

  it('counts the length after folding, not in the characters typed', () => {
    // 24 characters typed, 48 code units once the accents are split off: still 24 letters.
    expect(usernameBase('é'.repeat(24), 'x')).toBe('e'.repeat(24));
  });

  it(`is always a valid Username of at most ${MAX_BASE} characters, so a "-n" suffix still fits`, () => {
    const names: [string, string][] = [
      ['Ada', 'Lovelace'],
      ['A', 'B'],
      ['李', '白'],
      ['Zoë', 'Brontë-Ångström'],
      ['Abcdefghijklmnopqrstuvw', 'Xyz'],
      ['Bartholomew', 'Montgomery-Featherstonehaugh'],
      ['x'.repeat(100), 'y'.repeat(100)],
      ['-', '-'],
      ['Ｔａｒｏ', 'Ｙａｍａｄａ'],
      ['O’Brien', 'Ní Dhomhnaill'],
    ];
    for (const [firstname, lastname] of names) {
      const base = usernameBase(firstname, lastname);
      expect(base.length, base).toBeGreaterThanOrEqual(3);
      expect(base.length, base).toBeLessThanOrEqual(MAX_BASE);
      expect(base, base).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(Username.parse(base)).toBe(base);
      expect(Username.parse(`${base}-99999`)).toBe(`${base}-99999`);
    }
  });
});
