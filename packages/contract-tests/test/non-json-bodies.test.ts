import { describe, expect, it } from 'vitest';
import { badInputFixture } from '../src/bad-input-fixture.js';
import { acceptedRequest } from '../src/matrix.js';
import { hasBody, routes, takesJson } from '../src/routes.js';
import { matrix } from './authorisation-matrix.js';

/*
 * Every route that takes a JSON body, sent the body it accepts in another media type: 415
 * unsupported_media_type, and the database as it was. Before, the JSON parser left such a body
 * unread and the route ran as if none was sent (`PUT /api/me/poem/<id>` answered 200).
 */
const fixture = badInputFixture();

const jsonRoutes = routes.filter(({ route }) => hasBody(route) && takesJson(route));

/**
 * The accepted body's top-level fields as text, as a form would send them; a field of no meaning
 * where it has none (a route whose body is optional), so that a body is sent all the same.
 */
const fieldsOf = (body: unknown): [string, string][] => {
  const fields: [string, unknown][] = Object.entries((body ?? {}) as Record<string, unknown>);
  return (fields.length ? fields : [['sent', 'true']]).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
};

const encodings = {
  'JSON text labelled text/plain': (body: unknown) => ({
    rawBody: JSON.stringify(body ?? {}),
    headers: { 'content-type': 'text/plain' },
  }),
  'a urlencoded form': (body: unknown) => ({
    rawBody: new URLSearchParams(fieldsOf(body)).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
  multipart: (body: unknown) => {
    const form = new FormData();
    for (const [key, value] of fieldsOf(body)) form.append(key, value);
    return { form };
  },
};

describe('a JSON route sent another media type', () => {
  it('covers every route with a JSON body', () => {
    expect(jsonRoutes.map(({ name }) => name)).toContain('me.poems.update');
    console.log(`${jsonRoutes.length} JSON routes × ${Object.keys(encodings).length} media types`);
  });

  it.each(
    jsonRoutes.flatMap(({ name }) => Object.keys(encodings).map((encoding) => [name, encoding] as const)),
  )('%s: %s is 415 and changes nothing', async (name, encoding) => {
    const { body, ...accepted } = await acceptedRequest(matrix, fixture.world, name);
    const request = { ...accepted, ...encodings[encoding as keyof typeof encodings](body) };
    await fixture.unchangedAcross(async () => {
      const answer = await fixture.send(name, request);
      expect(answer.status, answer.text).toBe(415);
      expect((answer.body as { code?: string }).code).toBe('unsupported_media_type');
    });
  });
});
