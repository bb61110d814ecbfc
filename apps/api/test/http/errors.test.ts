import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('errors are problem+json', () => {
  it('answers an unknown route with 404', async () => {
    await expectProblem(send(`${server.url}/api/nothing-here`, 'GET'), 404, 'not_found');
    await expectProblem(send(`${server.url}/api/me/poem`, 'PATCH'), 404, 'not_found');
  });

  it('answers malformed JSON with 400', async () => {
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: '{"email": "a@b.c", ' }),
      400,
      'validation_failed',
    );
  });

  it('answers a body over 1 MB with 413', async () => {
    await expectProblem(
      send(`${server.url}/api/auth/signup`, 'POST', {
        body: { email: 'big@example.com', password: 'x'.repeat(1_100_000), firstname: 'B', lastname: 'B' },
      }),
      413,
      'payload_too_large',
    );
  });

  it('answers a JSON body that is not an object with 400', async () => {
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: '"just a string"' }),
      400,
      'validation_failed',
    );
    await expectProblem(
      send(`${server.url}/api/auth/login`, 'POST', { body: [1, 2] }),
      400,
      'validation_failed',
    );
  });

  it('answers a wrong query parameter with 400 naming it', async () => {
    // Login is checked first: a stranger learns nothing about the shape of private routes.
    await expectProblem(send(`${server.url}/api/me/poem?limit=1000`, 'GET'), 401, 'unauthenticated');
    await expectProblem(send(`${server.url}/api/poem?limit=0`, 'GET'), 400, 'validation_failed', [
      'query.limit',
    ]);
  });
});

describe('health and documentation', () => {
  it('reports the process alive and the database reachable', async () => {
    expect((await send(`${server.url}/healthz`, 'GET')).status).toBe(200);
    const ready = await send(`${server.url}/readyz`, 'GET');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document generated from the contract and a docs page', async () => {
    const response = await send(`${server.url}/api/openapi.json`, 'GET');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/auth/signup');
    const docs = await send(`${server.url}/api/docs/`, 'GET');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });
});
