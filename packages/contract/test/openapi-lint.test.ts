import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi.js';

/** The document as the API serves it: with a server, as JSON. */
const served = JSON.stringify(buildOpenApiDocument({ serverUrl: 'https://poetry.example' }));

function lint(config: Awaited<ReturnType<typeof createConfig>>) {
  return lintFromString({ source: served, absoluteRef: 'openapi.json', config });
}

const readable = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;

/** Where two ambiguous paths part: the path up to the fixed segment of one where the other has a parameter. */
function fixedSegment(message: string): string {
  const [one = [], other = []] = [...message.matchAll(/`([^`]+)`/g)].map(([, path = '']) => path.split('/'));
  const at = one.findIndex((segment, index) => segment !== other[index]);
  return (one[at]?.startsWith('{') ? other : one).slice(0, at + 1).join('/');
}

describe("Redocly's lint of the OpenAPI document", () => {
  it("finds nothing, errors or warnings, with the repository's redocly.yaml", async () => {
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../../redocly.yaml', import.meta.url)),
    });
    expect((await lint(config)).map(readable)).toEqual([]);
  });

  it('finds no ambiguous paths but those redocly.yaml explains, where a fixed segment wins', async () => {
    const problems = await lint(await createConfig({ extends: ['recommended'] }));
    const ambiguities = problems.filter(({ ruleId }) => ruleId === 'no-ambiguous-paths');
    expect(new Set(ambiguities.map(({ message }) => fixedSegment(message)))).toEqual(
      new Set(['/api/author/list', '/api/collection/list', '/api/poem/private']),
    );
  });
});
