import type { RouteName } from '@poetry/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accepts,
  invalidJsonText,
  isUrlSafe,
  jsonBodyText,
  jsonValue,
  longString,
  objectShape,
  parsedQuery,
  queryPairs,
  unicodeEdge,
} from '../src/arbitraries.js';
import { badInputFixture } from '../src/bad-input-fixture.js';
import { acceptedRequest } from '../src/matrix.js';
import { bodyOf, hasBody, isMultipart, pathParamsOf, routes } from '../src/routes.js';
import { matrix } from './authorisation-matrix.js';

/*
 * For every route that takes a body, a query or path parameters: generated input that the
 * contract refuses gets a 4xx problem+json (checked against the contract by `call`) within
 * ANSWER_LIMIT_MS and leaves every table of the database as it was. Bounded: RUNS inputs per
 * check, TIME_LIMIT_MS at most.
 */
const RUNS = 12;
const TIME_LIMIT_MS = 8_000;
const settings = {
  numRuns: RUNS,
  interruptAfterTimeLimit: TIME_LIMIT_MS,
  markInterruptAsFailure: false,
  maxSkipsPerRun: 1_000,
};

const fixture = badInputFixture();
const { expectUnchanged, validParams } = fixture;

const IDEMPOTENT_REMOVALS = new Set<RouteName>([
  'me.collections.poems.remove',
  'me.collections.poems.removeAlias',
]);

const jsonRoutes = routes.filter(({ route }) => hasBody(route) && !isMultipart(route));
const bodyRoutes = routes.filter(({ route }) => hasBody(route));
const queryRoutes = routes.filter(({ route }) => route.query);
const paramRoutes = routes.filter(({ route }) => pathParamsOf(route).length > 0);
const multipartRoutes = routes.filter(({ route }) => isMultipart(route));

describe('bad input', () => {
  it.each(bodyRoutes.map(({ name, route }) => [name, route] as const))(
    '%s: a JSON body the contract refuses',
    async (name, route) => {
      await fc.assert(
        fc.asyncProperty(jsonBodyText(bodyOf(route)), async (text) => {
          fc.pre(!accepts(bodyOf(route), JSON.parse(text)));
          await expectUnchanged(name, { rawBody: text });
        }),
        settings,
      );
    },
  );

  it.each(bodyRoutes.map(({ name }) => [name]))('%s: a body that is not JSON', async (name) => {
    await fc.assert(
      fc.asyncProperty(invalidJsonText, async (text) => {
        await expectUnchanged(name, { rawBody: text }, [400]);
      }),
      settings,
    );
  });

  it.each(queryRoutes.map(({ name, route }) => [name, route] as const))(
    '%s: a query the contract refuses',
    async (name, route) => {
      await fc.assert(
        fc.asyncProperty(queryPairs(route.query), async (pairs) => {
          fc.pre(!accepts(route.query, parsedQuery(pairs)));
          const query: Record<string, string[]> = Object.create(null);
          for (const [key, value] of pairs) query[key] = [...(query[key] ?? []), value];
          await expectUnchanged(name, { query }, [400]);
        }),
        settings,
      );
    },
  );

  it.each(
    paramRoutes.flatMap(({ name, route }) => pathParamsOf(route).map((param) => [name, param] as const)),
  )('%s: an unknown or malformed %s', async (name, param) => {
    // Not sent: what names something after all, and what a URL cannot carry as one segment
    // (an empty or dot segment changes the path; a lone surrogate cannot be percent-encoded).
    const known = new Set(['new', 'top', 'featured', fixture.world.owner.username, '', '.', '..']);
    const value = fc
      .oneof(
        fc.string({ maxLength: 40 }),
        unicodeEdge,
        fc.uuid(),
        fc.constantFrom('%', '%00', ' ', 'list'),
        longString,
      )
      .filter(
        (candidate) => !known.has(candidate) && !candidate.startsWith('genre:') && isUrlSafe(candidate),
      );
    const { body, form } = await acceptedRequest(matrix, fixture.world, name);
    await fc.assert(
      fc.asyncProperty(value, async (candidate) => {
        const request = { params: { ...validParams(), [param]: candidate }, body, form };
        if (IDEMPOTENT_REMOVALS.has(name) && param === 'poemId') {
          // Documented: removing a poem that is not in the collection answers 200 and changes nothing.
          await expectUnchanged(name, request, [200, 404]);
        } else {
          await expectUnchanged(name, request, [404]);
        }
      }),
      settings,
    );
  });

  it.each(multipartRoutes.map(({ name }) => [name]))(
    "%s: multipart that is not the contract's",
    async (name) => {
      const part = fc.record({
        field: fc.constantFrom(
          'profile_photo',
          'profile_banner_photo',
          'image',
          'title',
          'tags',
          'is_public',
          '__proto__',
          'other',
        ),
        value: jsonValue.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
        asFile: fc.boolean(),
      });
      const notAnImage = fc.uint8Array({ maxLength: 2_000 });
      await fc.assert(
        fc.asyncProperty(
          fc.array(part, { maxLength: 4 }),
          notAnImage,
          fc.constantFrom('profile_photo', 'image', 'other'),
          async (parts, bytes, fileField) => {
            const form = new FormData();
            for (const { field, value, asFile } of parts) {
              form.append(field, asFile ? new Blob([value]) : value, ...(asFile ? ['part.bin'] : []));
            }
            form.append(fileField, new Blob([bytes], { type: 'image/png' }), 'picture.png');
            await expectUnchanged(name, { form });
          },
        ),
        settings,
      );
    },
  );
});

/** The fields of a schema that take a string (passwords and emails aside: they are checked elsewhere). */
const textFields = (schema: unknown) =>
  Object.entries(objectShape(schema))
    .filter(([key, field]) => !/password|email/.test(key) && field.safeParse('text').success)
    .map(([key]) => key);

/**
 * Input the contract accepts but that is odd (NUL, lone surrogates, bidi marks, long text) may
 * be refused or taken, but never answered with a 5xx.
 */
describe('odd but valid text', () => {
  const textBodies = jsonRoutes
    .map(({ name, route }) => [name, route, textFields(bodyOf(route))] as const)
    .filter(([, route, fields]) => fields.length > 0 && accepts(bodyOf(route), {}));
  it.each(textBodies)('%s: text fields', (name, route, fields) =>
    expectNoServerError(name, bodyOf(route), fields, 'body'),
  );

  it.each(queryRoutes.map(({ name, route }) => [name, route] as const))('%s: query values', (name, route) =>
    expectNoServerError(name, route.query, textFields(route.query), 'query'),
  );
});

/** Sends, as the owner, odd text in `fields` wherever `schema` accepts it: no answer may be a 5xx. */
async function expectNoServerError(
  name: RouteName,
  schema: unknown,
  fields: string[],
  place: 'body' | 'query',
) {
  const values = fc.dictionary(fc.constantFrom(...fields), unicodeEdge, { minKeys: 1 });
  await fc.assert(
    fc.asyncProperty(values, async (candidate) => {
      fc.pre(accepts(schema, candidate));
      const answer = await fixture.send(name, { [place]: candidate });
      expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    }),
    settings,
  );
}
