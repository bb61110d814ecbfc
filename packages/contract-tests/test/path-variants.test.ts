import { describe, it } from 'vitest';
import { badInputFixture, expectEachRefused } from '../src/bad-input-fixture.js';
import { pathVariants } from '../src/hostile-paths.js';
import { urlOf } from '../src/http.js';
import { acceptedRequest } from '../src/matrix.js';
import { routes } from '../src/routes.js';
import { matrix } from './authorisation-matrix.js';

/*
 * Every route's path spelled another way (a trailing slash, capitals), sent with a request the
 * route itself takes: 404 problem+json within ANSWER_LIMIT_MS, and nothing done. Routing is
 * strict and case-sensitive, so that what is keyed on a route's exact path holds for every request
 * it serves. A file of its own: a server that takes the variants for their routes logs the owner
 * out and deletes them, which would spoil the other checks' world.
 */

const fixture = badInputFixture();

describe("a route's path spelled another way", () => {
  it.each(routes.map(({ name, route }) => [name, route.method, route.path] as const))(
    '%s (%s %s)',
    async (name, method) => {
      const request = await acceptedRequest(matrix, fixture.world, name);
      await fixture.unchangedAcross(() =>
        expectEachRefused(
          pathVariants(urlOf(name, request)),
          ({ url }) => fixture.sendRaw(method, url, request),
          ({ label }) => ({ sent: label, statuses: [404] }),
        ),
      );
    },
  );
});
