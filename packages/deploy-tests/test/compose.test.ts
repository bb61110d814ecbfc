import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Service = { image?: string; build?: unknown; pull_policy?: string; ports?: (string | number)[] };

const composeFile = fileURLToPath(new URL('../../../compose.yaml', import.meta.url));
const services = Object.entries(
  // merge: the instances share one definition (`<<: *poetry`)
  (parse(await readFile(composeFile, 'utf8'), { merge: true }) as { services: Record<string, Service> })
    .services,
);

/** The image compose builds from the Dockerfile (the service's), and the services that build it. */
const builders = services.filter(([, service]) => service.build);
const builtImage = builders[0]?.[1].image;

/** The services a reader of the site reaches: the TLS proxy, and nothing else. */
const PUBLIC = new Set(['proxy']);

describe('compose.yaml', () => {
  // A major alone (`postgres:17`, `caddy:2`) moves under the same name: a release has more.
  it('builds the Dockerfile once, and every instance runs that image, never pulls it', () => {
    expect(builders.map(([name]) => name)).toHaveLength(1);
    const instances = services.filter(([, service]) => service.image === builtImage);
    expect(instances.length).toBeGreaterThan(1);
    for (const [, service] of instances.filter(([, instance]) => !instance.build)) {
      expect(service.pull_policy).toBe('never');
    }
  });

  it.each(services.filter(([, service]) => service.image !== builtImage))(
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
