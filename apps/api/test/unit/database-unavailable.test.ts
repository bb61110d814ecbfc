import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    'timeout exceeded when trying to connect',
    'timeout expired',
    'Connection terminated due to connection timeout',
  ])('reads "%s" as the database out of reach', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: new Error(message) }))).toBe(true);
  });

  it('reads a wrong query as a wrong query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});
