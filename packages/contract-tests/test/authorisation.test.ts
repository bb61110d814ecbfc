import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../src/http.js';
import { canReadMail } from '../src/mailbox.js';
import type { MatrixRow } from '../src/matrix.js';
import { CALLERS, type Caller, cookieOf, createWorld, type World } from '../src/world.js';
import { matrix } from './authorisation-matrix.js';

let shared: World;
beforeAll(async () => {
  shared = await createWorld();
});

/** The ids a cell's answer must not contain. */
function forbiddenIds(row: MatrixRow, world: World, caller: Caller): string[] {
  const ownerLooks = row.view === 'owner' && caller === 'owner';
  const revealed = row.reveals?.(world) ?? [];
  const secrets = world.secrets.filter((secret) => !revealed.includes(secret));
  return [...world.gone, ...(ownerLooks ? [] : [...secrets, ...(row.hides?.(world) ?? [])])];
}

describe.each(matrix.map((row) => [`${row.route}: ${row.target}`, row] as const))('%s', (_title, row) => {
  let rowWorld: World;
  beforeAll(async () => {
    rowWorld = row.fresh === 'row' ? await createWorld() : shared;
  });

  it
    .skipIf(row.needsMail && !canReadMail())
    .each(CALLERS.map((caller, column) => [caller, row.expected[column]] as const))(
    '%s → %i',
    async (caller, expected) => {
      const world = row.fresh === 'cell' ? await createWorld() : rowWorld;
      const request = await row.request(world, caller);
      const answer = await call(row.route, { ...request, cookie: cookieOf(world, caller) });
      expect(answer.status, answer.text.slice(0, 300)).toBe(expected);
      for (const id of forbiddenIds(row, world, caller)) {
        expect(answer.text, `the answer to ${caller} shows ${id}`).not.toContain(id);
      }
    },
  );
});
