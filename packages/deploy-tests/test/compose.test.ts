import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Service = { image?: string; build?: unknown; ports?: (string | number)[] };

const composeFile = fileURLToPath(new URL('../../../compose.yaml', import.meta.url));
const services = Object.entries(
  (parse(await readFile(composeFile, 'utf8')) as { services: Record<string, Service> }).services,
);

/** The services a reader of the site reaches: the TLS proxy, and nothing else. */
const PUBLIC = new Set(['proxy']);

describe('compose.yaml', () => {
  // A major alone (`postgres:17`, `caddy:2`) moves under the same name: a release has more.
  it.each(services.filter(([, service]) => !service.build))(
    '%s runs an image pinned to a release',
    (_, service) => {
      expect(service.image).toMatch(/^[\w./-]+:(v?\d+\.\d+[\w.-]*|RELEASE\.[\w-]+)$/);
    },
  );

  it.each(services.filter(([name, service]) => !PUBLIC.has(name) && service.ports))(
    '%s publishes its ports on this host only',
    (_, service) => {
      for (const port of service.ports ?? []) expect(String(port)).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    },
  );
});
