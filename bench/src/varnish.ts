import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './paths.js';
import { type Server, startServer } from './servers.js';

const run = promisify(execFile);

export const VARNISH_VCL = path.join(root, 'bench/varnish/service.vcl');

export const INSTALL_VARNISH = 'sudo apt-get install -y varnish, on Debian or Ubuntu';

export type CacheCounters = { hits: number; misses: number };

export type Varnish = Server & {
  version: string;
  counters(): Promise<CacheCounters>;
  /**
   * Runs `warmUp` until the cache is as full as it gets: until a warm-up hits 95%, or hits no
   * more than the one before, or a minute has gone (a page's thousands of URLs take far longer to
   * fill than one warm-up, and a cold cache would measure its filling). Answers the seconds spent.
   */
  fill(warmUp: () => Promise<void>): Promise<number>;
};

/** Hits as a share of the cache's lookups between two readings; null if it looked nothing up. */
export function hitRatio(before: CacheCounters, after: CacheCounters): number | null {
  const hits = after.hits - before.hits;
  const lookups = hits + after.misses - before.misses;
  return lookups ? hits / lookups : null;
}

/** varnishd's path, or null when it is not installed (Debian puts it in /usr/sbin, off a user's PATH). */
export function findVarnishd(): string | null {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return (
    folders
      .map((folder) => path.join(folder, 'varnishd'))
      .find((file) => {
        try {
          accessSync(file, constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }) ?? null
  );
}

/**
 * Varnish on `port` in front of the service (`VARNISH_VCL` names it), its state in `workDir`,
 * removed when it stops.
 */
export async function startVarnish(varnishd: string, port: number, workDir: string): Promise<Varnish> {
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    command: varnishd,
    args: [
      '-F',
      // no switch to Varnish's own users when started as root: they cannot enter a private data dir
      '-j',
      'none',
      '-n',
      workDir,
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      VARNISH_VCL,
      // what the service does not say is cacheable is not cached (Varnish's default is 120 s)
      '-t',
      '0',
      // room for every answer and page the scenarios ask for
      '-s',
      'malloc,256m',
    ],
    env: {},
    url,
    readyPath: '/readyz',
  });
  const { stderr } = await run(varnishd, ['-V']);
  const counters = async (): Promise<CacheCounters> => {
    const { stdout } = await run('varnishstat', [
      '-n',
      workDir,
      '-1',
      '-j',
      '-f',
      'MAIN.cache_hit',
      '-f',
      'MAIN.cache_miss',
    ]);
    const { counters } = JSON.parse(stdout) as { counters: Record<string, { value: number } | undefined> };
    const value = (name: string) => {
      const counter = counters[name];
      if (!counter) throw new Error(`varnishstat shows no ${name}`);
      return counter.value;
    };
    return { hits: value('MAIN.cache_hit'), misses: value('MAIN.cache_miss') };
  };
  return {
    ...server,
    version: /varnish-[\d.]+/.exec(stderr)?.[0] ?? stderr,
    counters,
    async fill(warmUp) {
      const started = performance.now();
      let previous = -1;
      for (;;) {
        const before = await counters();
        await warmUp();
        const hits = hitRatio(before, await counters()) ?? 0;
        if (hits >= 0.95 || hits <= previous + 0.01 || performance.now() - started > 60_000)
          return Math.round((performance.now() - started) / 1000);
        previous = hits;
      }
    },
    async stop() {
      // varnishd reports every signal that stops it as an error; said first, so nobody hunts it.
      console.log('Stopping Varnish: its "Error: Manager got SIGTERM" is how it says it stopped.');
      await server.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
