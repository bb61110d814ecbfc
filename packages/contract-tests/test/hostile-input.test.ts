import { PROBLEM_ERRORS_MAX, type Problem, type RouteName } from '@poetry/contract';
import { describe, expect, inject, it } from 'vitest';
import { arrayFields, objectShape } from '../src/arbitraries.js';
import { badInputFixture, expectEachRefused, expectRefusal } from '../src/bad-input-fixture.js';
import {
  badlyEncoded,
  bodyBytes,
  brokenMultipart,
  formOf,
  hostilePartNames,
  LONG_ARRAY_ITEMS,
  longArray,
  REPEATED_PARTS,
  shownName,
} from '../src/hostile-bodies.js';
import { isList, namedListIds, outOfRangeCursors } from '../src/hostile-cursors.js';
import { MALFORMED_ESCAPES } from '../src/hostile-paths.js';
import { acceptedRequest } from '../src/matrix.js';
import { bodyOf, hasBody, isMultipart, pathParamsOf, routes } from '../src/routes.js';
import { matrix } from './authorisation-matrix.js';

/*
 * Hostile input (issue 15): what the parsers below the contract meet before validation can refuse
 * it. Part names that nest, long arrays, malformed percent-encoding, bodies not in the encoding
 * they claim, broken multipart framing, well-formed cursors holding values out of PostgreSQL's
 * range, more field errors than a problem lists. For every route each applies to, found from the
 * contract, each answer is a refusal within ANSWER_LIMIT_MS (`refusalFaults`) and every table of
 * the database is left as it was. A check of several inputs lists every one answered wrongly.
 */

const fixture = badInputFixture();
const { expectUnchanged, send, sendRaw, unchangedAcross } = fixture;

/** A request the route takes (from the authorisation matrix), for the checks that spoil one part of it. */
const accepted = (name: RouteName) => acceptedRequest(matrix, fixture.world, name);

const bodyRoutes = routes.filter(({ route }) => hasBody(route));
const multipartRoutes = routes.filter(({ route }) => isMultipart(route));

describe('multipart part names that nest, or are huge', () => {
  const cases = multipartRoutes.flatMap(({ name, route }) =>
    hostilePartNames(Object.keys(objectShape(bodyOf(route)))).map(
      (partName) => [name, shownName(partName), partName] as const,
    ),
  );
  it.each(cases)('%s: a part named %s', async (name, _shown, partName) => {
    const form = new FormData();
    form.append(partName, 'x');
    await expectUnchanged(name, { form }, [400]);
  });
});

describe('long arrays', () => {
  const fieldsOf = (list: typeof routes) =>
    list.flatMap(({ name, route }) => arrayFields(bodyOf(route)).map((field) => [name, field] as const));

  it.each(fieldsOf(bodyRoutes))(`%s: %s, a JSON array of ${LONG_ARRAY_ITEMS} items`, async (name, field) => {
    await expectUnchanged(name, { body: { [field]: longArray() } }, [400]);
  });

  it.each(fieldsOf(multipartRoutes))(`%s: %s, ${REPEATED_PARTS} parts of that name`, async (name, field) => {
    const form = new FormData();
    for (let part = 0; part < REPEATED_PARTS; part += 1) form.append(field, 'x');
    await expectUnchanged(name, { form }, [400]);
  });
});

describe('more field errors than a problem lists', () => {
  const unknownFields = Object.fromEntries(
    Array.from({ length: PROBLEM_ERRORS_MAX + 5 }, (_, index) => [`unknown_${index}`, index]),
  );
  it.each(bodyRoutes.map(({ name }) => [name]))(
    `%s: a body the route takes, with ${PROBLEM_ERRORS_MAX + 5} unknown fields`,
    async (name) => {
      const request = await accepted(name);
      const body = { ...(request.body as object | undefined), ...unknownFields };
      await unchangedAcross(async () => {
        const answer = await send(name, { ...request, form: undefined, body });
        expectRefusal(answer, [400]);
        const problem = answer.body as Problem;
        expect(problem.errors, 'the errors listed').toHaveLength(PROBLEM_ERRORS_MAX);
        expect(problem.error_count, 'the errors counted').toBe(Object.keys(unknownFields).length);
      });
    },
  );
});

describe('malformed percent-encoding in a path', () => {
  const cases = routes.flatMap(({ name, route }) =>
    pathParamsOf(route).map((param) => [name, param] as const),
  );
  it.each(cases)(`%s: %s, each of ${MALFORMED_ESCAPES.join(' ')}`, async (name, param) => {
    const request = await accepted(name);
    await unchangedAcross(() =>
      expectEachRefused(
        MALFORMED_ESCAPES,
        (segment) => send(name, { ...request, rawParams: { [param]: segment } }),
        (segment) => ({ sent: segment }),
      ),
    );
  });

  it('/media/<key>, a path outside the contract', async () => {
    await expectEachRefused(
      MALFORMED_ESCAPES,
      (segment) => sendRaw('GET', `${inject('target').baseUrl}/media/${segment}`),
      (segment) => ({ sent: segment }),
    );
  });
});

describe('bodies not in the encoding they claim', () => {
  it.each(bodyRoutes.map(({ name, route }) => [name, route] as const))('%s', async (name, route) => {
    const request = await accepted(name);
    const { contentType, bytes } = await bodyBytes(isMultipart(route) ? { form: formOf(request) } : request);
    await unchangedAcross(() =>
      expectEachRefused(
        badlyEncoded(bytes),
        (encoded) =>
          send(name, {
            ...request,
            form: undefined,
            rawBody: encoded.bytes,
            headers: { 'content-type': contentType, 'content-encoding': encoded.encoding },
          }),
        ({ label, status }) => ({ sent: label, statuses: status ? [status] : undefined }),
      ),
    );
  });
});

describe('multipart with broken framing', () => {
  it.each(multipartRoutes.map(({ name }) => [name]))('%s', async (name) => {
    const request = await accepted(name);
    const body = await bodyBytes({ form: formOf(request) });
    await unchangedAcross(() =>
      expectEachRefused(
        brokenMultipart(body),
        (broken) =>
          send(name, {
            ...request,
            form: undefined,
            rawBody: broken.bytes,
            headers: { 'content-type': broken.contentType },
          }),
        ({ label }) => ({ sent: label, statuses: [400] }),
      ),
    );
  });
});

describe('cursors holding values out of range', () => {
  const cursors = outOfRangeCursors();
  const lists = routes
    .filter(({ route }) => isList(route))
    .flatMap(({ name, route }): [string, RouteName, string][] => {
      const listIds = namedListIds(route);
      return listIds.length
        ? listIds.map((listId) => [`${name} ${listId}`, name, listId])
        : [[name, name, '']];
    });
  it.each(lists)(`%s: ${cursors.length} cursors`, async (_list, name, listId) => {
    const request = await accepted(name);
    const params = listId
      ? { ...request.params, listId: listId.replace('<tag>', fixture.world.tag) }
      : request.params;
    await unchangedAcross(() =>
      expectEachRefused(
        cursors,
        ({ cursor }) => send(name, { ...request, params, query: { cursor } }),
        ({ sent }) => ({ sent: `cursor ${JSON.stringify(sent)}`, statuses: [400] }),
      ),
    );
  });
});
