import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_VERSION, contract } from '../src/index.js';
import { namedRoutes } from '../src/named-routes.js';
import { buildOpenApiDocument } from '../src/openapi.js';
import { hasUnreadNullable } from '../src/openapi-null.js';
import type { RouteMetadata } from '../src/routes/shared.js';

type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<
    string,
    { description: string; content?: Record<string, unknown>; headers?: Record<string, { $ref: string }> }
  >;
};

function operations(document: ReturnType<typeof buildOpenApiDocument>) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
      path,
      method,
      operation,
    })),
  );
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument({ serverUrl: 'https://poetry.example' });
  const ops = operations(document);
  const routes = namedRoutes(contract);
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
    license: string;
  };

  it('describes the service', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'Poetry publishing service API', version: API_VERSION });
    expect(document.servers).toEqual([{ url: 'https://poetry.example' }]);
    expect(buildOpenApiDocument().servers).toBeUndefined();
  });

  it('keeps the API version equal to the package version', () => {
    expect(API_VERSION).toBe(pkg.version);
  });

  it("is published under the contract package's license", () => {
    expect(document.info.license).toEqual({
      name: pkg.license,
      url: `https://spdx.org/licenses/${pkg.license}.html`,
    });
  });

  it('has one operation per contract route, with unique ids named after the router path', () => {
    expect(ops).toHaveLength(routes.length);
    expect(ops.map(({ operation }) => operation.operationId).sort()).toEqual(
      routes.map(({ name }) => name).sort(),
    );
    for (const { route, name } of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const op = ops.find(
        (candidate) => candidate.path === path && candidate.method === route.method.toLowerCase(),
      );
      expect(op?.operation.operationId).toBe(name);
      expect(op?.operation.summary).toBe(route.summary);
      expect(op?.operation.description).toBe(route.description);
      expect(op?.operation.tags).toEqual([name.split('.')[0]]);
    }
  });

  it('serves errors as problem+json with a shared Problem schema', () => {
    for (const { operation } of ops) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description).not.toBe(status);
        if (Number(status) >= 400) {
          expect(response.content).toEqual({
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          });
        }
      }
    }
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Problem', 'Author', 'PrivateAuthor', 'AuthorSummary', 'Poem', 'Collection']),
    );
  });

  it('marks login-only operations with the session cookie and every other one as needing none', () => {
    const securityOf = (name: string) =>
      ops.find(({ operation }) => operation.operationId === name)?.operation.security;
    expect(securityOf('me.get')).toEqual([{ session: [] }]);
    expect(securityOf('poem.get')).toEqual([]);
    for (const { route, name } of routes) {
      const requiresLogin = (route.metadata as RouteMetadata | undefined)?.requiresLogin === true;
      expect(securityOf(name), name).toEqual(requiresLogin ? [{ session: [] }] : []);
    }
    expect(document.components?.securitySchemes).toHaveProperty('session');
  });

  it('writes every null it admits so that OpenAPI 3.0 reads it: no `nullable` without a type or beside a `$ref` or a composition', () => {
    const unread: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (typeof node !== 'object' || node === null) return;
      if (hasUnreadNullable(node as Record<string, unknown>)) unread.push(pointer);
      for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
    };
    walk(document, '#');
    expect(unread).toEqual([]);
    const logout = ops.find(({ operation }) => operation.operationId === 'auth.logoutPost')?.operation;
    expect(logout?.responses['200']?.content).toHaveProperty('application/json.schema.properties.author', {
      anyOf: [
        { $ref: '#/components/schemas/PrivateAuthor' },
        { type: 'object', nullable: true, enum: [null] },
      ],
    });
  });

  it('declares 304 with no body on every GET, and on no other method', () => {
    for (const { method, operation } of ops) {
      const notModified = operation.responses['304'];
      if (method === 'get')
        expect(notModified, operation.operationId).toMatchObject({ description: expect.any(String) });
      else expect(notModified, operation.operationId).toBeUndefined();
      expect(notModified?.content).toBeUndefined();
    }
  });

  it('documents the headers clients act on, on every response, from the shared components', () => {
    const headersOf = (name: string, status: string) =>
      ops.find(({ operation }) => operation.operationId === name)?.operation.responses[status]?.headers;
    for (const { operation } of ops) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const what = `${operation.operationId} ${status}`;
        expect(Object.keys(response.headers ?? {}), what).toEqual(
          expect.arrayContaining(['ETag', 'Cache-Control', 'RateLimit', 'RateLimit-Policy', 'Set-Cookie']),
        );
        if (status === '429' || status === '503')
          expect(response.headers, what).toHaveProperty('Retry-After');
      }
    }
    const components = document.components?.headers ?? {};
    for (const header of Object.values(headersOf('poem.get', '200') ?? {})) {
      expect(Object.keys(components)).toContain(header.$ref.replace('#/components/headers/', ''));
    }
    expect(headersOf('auth.login', '200')?.['Set-Cookie']).toEqual({
      $ref: '#/components/headers/SessionCookie',
    });
    expect(headersOf('auth.logout', '200')?.['Set-Cookie']).toEqual({
      $ref: '#/components/headers/SessionCookie',
    });
    expect(headersOf('auth.login', '401')?.['Set-Cookie']).toEqual({
      $ref: '#/components/headers/SessionCookieRenewal',
    });
    expect(headersOf('poem.get', '429')?.['Retry-After']).toEqual({
      $ref: '#/components/headers/RetryAfter',
    });
  });

  it('shows uploads as multipart with binary file parts', () => {
    const upload = ops.find(({ operation }) => operation.operationId === 'me.uploadPhoto')?.operation;
    expect(upload?.requestBody?.content).toHaveProperty(
      'multipart/form-data.schema.properties.profile_photo',
      {
        type: 'string',
        format: 'binary',
        description: expect.any(String),
      },
    );
    const update = ops.find(({ operation }) => operation.operationId === 'me.collections.update')?.operation;
    expect(update?.requestBody?.content).toHaveProperty(
      'multipart/form-data.schema.properties.image.format',
      'binary',
    );
  });

  it('can be serialised as JSON', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});
