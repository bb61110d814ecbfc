import { describe, expect, it } from 'vitest';
import { routes } from '../src/routes.js';
import { matrix } from './authorisation-matrix.js';

/** New routes cannot land untested: each needs rows in the matrix, one of them a success. */
describe('route coverage', () => {
  it.each(routes.map(({ name }) => [name]))(
    '%s has a row in the authorisation matrix with a success cell',
    (name) => {
      const rows = matrix.filter((row) => row.route === name);
      expect(rows, `no row for ${name} in test/authorisation-matrix.ts`).not.toHaveLength(0);
      expect(rows.flatMap((row) => row.expected).some((status) => status < 300)).toBe(true);
    },
  );
});
