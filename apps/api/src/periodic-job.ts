import type pg from 'pg';
import type { Logger } from 'pino';

/** What a periodic job over the database runs with: the pool, the log, and how often it runs. */
export type PoolJobOptions = { pool: pg.Pool; logger: Logger; intervalMs: number };

/**
 * Runs `run` again and again, `intervalMs` after the end of the previous run, until stopped; the
 * work of the service that no request does (the mail outbox, scheduled publishing). `run` gets a
 * function telling whether the job is stopping, to end a long run early. A failing run (the
 * database is down) is logged once, not at every run, and again when a run succeeds.
 */
export function startPeriodicJob({
  name,
  intervalMs,
  run,
  logger,
}: {
  name: string;
  intervalMs: number;
  run: (stopping: () => boolean) => Promise<void>;
  logger: Logger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let failing = false;

  async function runOnce() {
    try {
      await run(() => stopped);
      if (failing) logger.info(`${name} reachable again`);
      failing = false;
    } catch (error) {
      if (!failing) logger.error({ err: error }, `${name} unreachable; will try again`);
      failing = true;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  schedule();
  return {
    /** Stops running and waits for the run under way. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
