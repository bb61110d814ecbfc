import type { Request } from 'autocannon';
import type { Fixtures } from './fixtures.js';
import { resolveRequest } from './requests.js';
import type { Scenario } from './scenarios.js';

type Answer = { status: number; body: unknown };

/** A server measured beside the API on the same requests: the floor, or Express alone. */
type Reference = { name: string; url: string };

/**
 * Proves that a reference (the floor, Express alone) answers what the API answers, so that its
 * req/s is a fair comparison. For each of `scenarios` with a floor, its requests are set up once as
 * autocannon sets them up (one connection's context, so a paired request follows its first) and
 * each is sent to the API, then the same method, path, headers and body to the reference. Statuses
 * must be equal and so must the JSON bodies, key order included (both sides serialise with
 * JSON.stringify: the same values in the same order are the same bytes), apart from the scenario's
 * `volatile` paths. Throws with every difference.
 */
export async function checkParity(
  scenarios: Scenario[],
  fixtures: Fixtures,
  apiUrl: string,
  reference: Reference,
): Promise<void> {
  const differences: string[] = [];
  for (const scenario of scenarios.filter((s) => !s.comparedWith)) {
    const context = {};
    for (const template of scenario.requests(fixtures)) {
      const request = resolveRequest(template, context);
      if (!request) break;
      const api = await answer(apiUrl, request);
      const other = await answer(reference.url, request);
      const difference = differenceOf(api, other, reference.name, scenario.volatile ?? []);
      if (difference) differences.push(`${scenario.id}. ${request.method} ${request.path}\n  ${difference}`);
    }
  }
  if (differences.length > 0)
    throw new Error(`${reference.name} does not answer what the API answers:\n${differences.join('\n')}`);
}

async function answer(url: string, { method = 'GET', path = '/', headers, body }: Request): Promise<Answer> {
  const response = await fetch(url + path, { method, headers: headers as Record<string, string>, body });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

function differenceOf(api: Answer, other: Answer, name: string, volatile: string[]): string | undefined {
  if (api.status !== other.status) return `status: API ${api.status}, ${name} ${other.status}`;
  return firstDifference(leftOut(api.body, volatile), leftOut(other.body, volatile), name, 'body');
}

/** A copy of `body` with each of `paths` (dot-separated) set to null. */
function leftOut(body: unknown, paths: string[]): unknown {
  const copy = structuredClone(body);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = keys.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), copy);
    if (isObject(parent) && last in parent) parent[last] = null;
  }
  return copy;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);

/** The first place where `other` (`name`) differs from `api`, key order included; undefined when none. */
function firstDifference(api: unknown, other: unknown, name: string, path: string): string | undefined {
  if (!isObject(api) || !isObject(other) || Array.isArray(api) !== Array.isArray(other))
    return Object.is(api, other) ? undefined : `${path}: API ${show(api)}, ${name} ${show(other)}`;
  const [apiKeys, otherKeys] = [Object.keys(api), Object.keys(other)];
  if (apiKeys.join() !== otherKeys.join()) {
    const shape = (keys: string[]) =>
      Array.isArray(api) ? `${keys.length} items` : `keys ${keys.join(', ')}`;
    return `${path}: API ${shape(apiKeys)}; ${name} ${shape(otherKeys)}`;
  }
  for (const key of apiKeys) {
    const where = Array.isArray(api) ? `${path}[${key}]` : `${path}.${key}`;
    const difference = firstDifference(api[key], other[key], name, where);
    if (difference) return difference;
  }
  return undefined;
}
