import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { freePorts } from '@poetry/test-support/free-ports';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startService } from './servers.js';

const HELP = `pnpm --filter @poetry/bench mail-fanout [--followers 100000] [--sends 3000]

The new-poem mail of issue 30, measured on the production build with its embedded PostgreSQL in
a temporary folder. --followers verified readers following one poet are seeded by SQL; the poet's
poem is published (the trigger records the job) and the service's fan-out expands it into the
outbox, while its sender finds no SMTP server and backs off: prints the time from the
publication to the job's end and the service's resident memory (VmRSS) before and at its
highest during it. Then the service is started again with MAIL_SEND_RATE 10000 against an SMTP
server in this process (smtp-server, which reads and drops each mail), and the mails a second it
sends are counted over --sends mails. Last, the same readers choose the daily digest, a second
poem is dated an hour back, and the service is started again with the digest hour just passed:
prints the time to queue the digests and the memory the same way.`;

const { values: args } = parseArgs({
  options: {
    followers: { type: 'string', default: '100000' },
    sends: { type: 'string', default: '3000' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const FOLLOWERS = Math.max(1, Math.trunc(Number(args.followers)));
const SENDS = Math.max(1, Math.trunc(Number(args.sends)));

/** The resident memory of process `pid` now, in MB (Linux `VmRSS`). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // Else each connection waits on a reverse DNS lookup of 127.0.0.1, which is not the service's cost.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received += 1;
      callback();
    });
    stream.resume();
  },
});
const [port = 0, databasePort = 0, smtpPort = 0] = await freePorts(3);
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
const dataDir = await mkdtemp(path.join(tmpdir(), 'poetry-mail-fanout-'));
await chmod(dataDir, 0o755);
const hourNow = new Date().getUTCHours();
/**
 * The service sending to `smtpUrl`, at most `sendRate` mails a second, its digest hour
 * `digestHour` (by default half a day away, so that no digest is due), looking for mail and
 * digests every `pollMs`.
 */
const service = (
  smtpUrl: string,
  sendRate: string,
  { digestHour = (hourNow + 12) % 24, pollMs = 200 } = {},
) =>
  startService({
    port,
    databasePort,
    dataDir,
    secret: 'mail-fanout-secret-0123456789abcdef',
    env: {
      SMTP_URL: smtpUrl,
      MAIL_SEND_RATE: sendRate,
      MAIL_POLL_INTERVAL_MS: String(pollMs),
      DIGEST_HOUR_UTC: String(digestHour),
      LOG_LEVEL: 'error',
    },
  });

/** Waits until `done` says so, sampling the RSS of `pid` meanwhile: the time it took and the highest RSS. */
async function measure(pid: number, start: () => Promise<unknown>, done: () => Promise<boolean>) {
  await sleep(2_000);
  const baseline = await rssMb(pid);
  let highest = baseline;
  const started = performance.now();
  await start();
  while (!(await done())) {
    highest = Math.max(highest, await rssMb(pid));
    await sleep(100);
  }
  return { ms: performance.now() - started, baseline, highest };
}

const memory = ({ baseline, highest }: { baseline: number; highest: number }) =>
  `service RSS ${baseline.toFixed(0)} MB before, ${highest.toFixed(0)} MB at most (+${(highest - baseline).toFixed(0)} MB)`;
const count = async (kind: string) =>
  (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE kind = $1', [kind]))
    .rows[0]?.n ?? 0;
const pool = new pg.Pool({
  connectionString: `postgres://postgres:postgres@127.0.0.1:${databasePort}/poetry`,
  max: 2,
});
// The service's restarts stop its embedded PostgreSQL: the pool's idle clients are dropped.
pool.on('error', () => {});

try {
  // First to a port nobody listens on: the sender's attempts fail at once and back off, so that
  // what is measured is the fan-out.
  const [closedPort] = await freePorts(1);
  let server = await service(`smtp://127.0.0.1:${closedPort}`, '10');
  const seeded = performance.now();
  // Without the triggers (a superuser's session setting): the follow trigger would update the
  // poet's counter once a follower, 100,000 times in one transaction, which takes minutes.
  await pool.query(`SET session_replication_role = replica`);
  const { rows } = await pool.query<{ poem: string }>(
    `WITH readers AS (
       INSERT INTO author (id, email, email_verified_at, password_hash, username, firstname, lastname)
       SELECT gen_random_uuid(), 'reader' || i || '@bench.example', now(), 'x', 'reader-' || i, 'Reader', 'No. ' || i
       FROM generate_series(1, $1) i RETURNING id),
     poet AS (
       INSERT INTO author (id, email, password_hash, username, firstname, lastname)
       VALUES (gen_random_uuid(), 'poet@bench.example', 'x', 'bench-poet', 'Emily', 'Dickinson') RETURNING id),
     follows AS (
       INSERT INTO author_follow (follower_id, followee_id) SELECT readers.id, poet.id FROM readers, poet)
     INSERT INTO poem (id, author_id, title, body) SELECT gen_random_uuid(), id, 'Hope', 'Hope is the thing\nwith feathers' FROM poet
     RETURNING id AS poem`,
    [FOLLOWERS],
  );
  await pool.query(`RESET session_replication_role`);
  const poemId = rows[0]?.poem;
  console.log(
    `seeded ${FOLLOWERS.toLocaleString('en')} verified followers in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const fanout = await measure(
    server.process.pid as number,
    () => pool.query(`UPDATE poem SET is_published = true, published_at = now() WHERE id = $1`, [poemId]),
    async () => {
      const { rows: job } = await pool.query<{ done: boolean }>(
        'SELECT done_at IS NOT NULL AS done FROM new_poem_fanout WHERE poem_id = $1',
        [poemId],
      );
      return job[0]?.done === true;
    },
  );
  const queued = await count('new_poem');
  console.log(
    `fan-out: ${queued.toLocaleString('en')} mails queued in ${(fanout.ms / 1000).toFixed(1)} s ` +
      `(${Math.round(queued / (fanout.ms / 1000)).toLocaleString('en')}/s); ${memory(fanout)}`,
  );

  await server.stop();

  server = await service(`smtp://127.0.0.1:${smtpPort}`, '10000');
  const before = received;
  const started = performance.now();
  while (received - before < SENDS) await sleep(50);
  const sendMs = performance.now() - started;
  console.log(
    `sending: ${SENDS.toLocaleString('en')} mails to the local SMTP server in ${(sendMs / 1000).toFixed(1)} s ` +
      `(${Math.round(SENDS / (sendMs / 1000))} mails/s, one instance, from its start)`,
  );

  // The digest: every reader on `daily`, a poem of an hour ago, and the service started again with
  // its digest hour the current one, so that the day before it holds that poem.
  await pool.query(`UPDATE author SET new_poem_mail = 'daily' WHERE email LIKE 'reader%@bench.example'`);
  await pool.query(
    `INSERT INTO poem (id, author_id, title, body, is_published, published_at)
     SELECT gen_random_uuid(), author_id, 'Hope, again', 'A second poem', true, now() - interval '1 hour'
     FROM poem WHERE id = $1`,
    [poemId],
  );
  await server.stop();
  const today = new Date();
  const until = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hourNow));
  // Its first look is 5 s after its start, once the baseline is taken.
  server = await service(`smtp://127.0.0.1:${closedPort}`, '10', { digestHour: hourNow, pollMs: 5_000 });
  const runSeconds = async () =>
    (
      await pool.query<{ seconds: number | null }>(
        'SELECT extract(epoch FROM done_at - created_at)::float8 AS seconds FROM new_poem_digest WHERE until = $1',
        [until],
      )
    ).rows[0]?.seconds;
  const digest = await measure(
    server.process.pid as number,
    async () => {},
    async () => typeof (await runSeconds()) === 'number',
  );
  const digests = await count('new_poem_digest');
  const seconds = (await runSeconds()) ?? Number.NaN;
  console.log(
    `digest: ${digests.toLocaleString('en')} digests queued in ${seconds.toFixed(1)} s ` +
      `(${Math.round(digests / seconds).toLocaleString('en')}/s); ${memory(digest)}`,
  );
  await pool.end();
  await server.stop();
} finally {
  if (!pool.ended) await pool.end();
  smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
