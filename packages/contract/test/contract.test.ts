import { ContractNoBody, isZodType } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, type RouteMetadata } from '../src/index.js';
import { namedRoutes } from '../src/named-routes.js';

const routes = namedRoutes(contract);
const statuses = (route: (typeof routes)[number]['route']) => Object.keys(route.responses).map(Number);
const hasBody = (route: (typeof routes)[number]['route']) =>
  'body' in route && route.body !== ContractNoBody && route.body != null;
const requiresLogin = (route: (typeof routes)[number]['route']) =>
  (route.metadata as RouteMetadata | undefined)?.requiresLogin === true;

/** The object schema under refinements/transforms. */
function innerObject(schema: z.ZodTypeAny): z.AnyZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodEffects) return innerObject(schema.innerType());
  return undefined;
}

describe('the contract', () => {
  it('has the published routes with unique method + path', () => {
    expect(routes).toHaveLength(59);
    const keys = routes.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { route } of routes) {
      expect(route.path).toMatch(/^\/api\//);
      expect(route.strictStatusCodes).toBe(true);
    }
  });

  it.each(routes)('$name is documented', ({ route }) => {
    expect(route.summary).toBeTruthy();
    expect(route.description?.length).toBeGreaterThan(20);
  });

  it.each(routes)('$name lists the statuses its shape implies', ({ route }) => {
    const answers = statuses(route);
    expect(answers.filter((status) => status < 300)).toHaveLength(1);
    for (const status of [400, 429, 500, 503]) expect(answers).toContain(status);
    const anyOrigin = (route.metadata as RouteMetadata | undefined)?.anyOrigin === true;
    if (route.method !== 'GET' && !anyOrigin) expect(answers).toContain(403);
    if (hasBody(route)) expect(answers).toContain(413);
    if (route.path.includes(':')) expect(answers).toContain(404);
    if (requiresLogin(route)) expect(answers).toContain(401);
    if ('contentType' in route && route.contentType === 'multipart/form-data') expect(answers).toContain(415);
  });

  it('requires login on /api/me, /api/collection, likes and follows, and nowhere else but email-confirmation', () => {
    const login = routes.filter(({ route }) => requiresLogin(route)).map(({ name }) => name);
    const expected = routes
      .filter(
        ({ name, route }) =>
          route.path.startsWith('/api/me') ||
          route.path.startsWith('/api/collection') ||
          /^poem\.likes\.(like|unlike)$/.test(name) ||
          /^author\.followers\.(follow|unfollow)$/.test(name) ||
          name === 'auth.requestEmailConfirmation',
      )
      .map(({ name }) => name);
    expect(login).toEqual(expected);
  });

  it('answers 401 only where login is required or credentials are checked', () => {
    const with401 = routes.filter(({ route }) => statuses(route).includes(401)).map(({ name }) => name);
    const login = routes.filter(({ route }) => requiresLogin(route)).map(({ name }) => name);
    expect(with401.filter((name) => !login.includes(name))).toEqual(['auth.login']);
  });

  it('declares a schema for every path parameter, as a plain string', () => {
    for (const { route } of routes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const shape = names.length ? (route.pathParams as z.AnyZodObject).shape : {};
      expect(Object.keys(shape)).toEqual(names);
      for (const param of Object.values(shape)) expect(param).toBeInstanceOf(z.ZodString);
    }
  });

  it('rejects unknown body fields on every route with a body', () => {
    for (const { route } of routes.filter(({ route }) => hasBody(route))) {
      const body = route.method !== 'GET' && 'body' in route ? route.body : undefined;
      expect(isZodType(body)).toBe(true);
      expect(innerObject(body as z.ZodTypeAny)?._def.unknownKeys).toBe('strict');
    }
  });

  it('gives unsafe routes without a body an explicit c.noBody()', () => {
    for (const { route } of routes.filter(({ route }) => route.method !== 'GET')) {
      expect('body' in route).toBe(true);
    }
  });

  it('declares the fixed `list` and `private` routes before the id routes they could be mistaken for', () => {
    const names = routes.map(({ name }) => name);
    expect(names.indexOf('author.lists.get')).toBeLessThan(names.indexOf('author.get'));
    expect(names.indexOf('collection.lists.get')).toBeLessThan(names.indexOf('collection.get'));
    for (const byId of ['poem.get', 'poem.likes.list'] as const) {
      expect(names.indexOf('poem.private.get')).toBeLessThan(names.indexOf(byId));
    }
  });

  it('publishes both spellings of remove-poem-from-collection with one definition', () => {
    const { remove, removeAlias } = contract.me.collections.poems;
    expect(remove.path).toBe('/api/me/collection/:collectionId/poem/:poemId');
    expect(removeAlias.path).toBe('/api/me/collections/:collectionId/poem/:poemId');
    expect(removeAlias.responses).toEqual(remove.responses);
    expect(removeAlias.method).toBe('DELETE');
  });
});
