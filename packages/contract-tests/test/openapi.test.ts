import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../src/routes.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

let document: Document;
beforeAll(async () => {
  const response = await fetch(`${inject('target').baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await response.json()) as Document;
});

describe('the OpenAPI document served at /api/openapi.json', () => {
  it('is valid OpenAPI 3 by the official schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\./);
  });

  it("lists exactly the contract's routes", () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const contracted = routes.map(({ route }) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(contracted.sort());
  });
});
