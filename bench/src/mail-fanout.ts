import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { freePorts } from '@poetry/api/test/free-port';
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
server in this process (smtp-server, which reads and drops each mail), and the mails a second
it sends are counted over --sends mails.`;

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
/** The service sending to `smtpUrl`, at most `sendRate` mails a second. */
const service = (smtpUrl: string, sendRate: string) =>
  startService({
    port,
    databasePort,
    dataDir,
    secret: 'mail-fanout-secret-0123456789abcdef',
    env: { SMTP_URL: smtpUrl, MAIL_SEND_RATE: sendRate, MAIL_POLL_INTERVAL_MS: '200', LOG_LEVEL: 'error' },
  });
const pool = new pg.Pool({
  connectionString: `postgres://postgres:postgres@127.0.0.1:${databasePort}/poetry`,
  max: 2,
});

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

  const pid = server.process.pid as number;
  await sleep(2_000);
  const baseline = await rssMb(pid);
  let highest = baseline;
  const published = performance.now();
  await pool.query(`UPDATE poem SET is_published = true, published_at = now() WHERE id = $1`, [poemId]);
  for (;;) {
    highest = Math.max(highest, await rssMb(pid));
    const { rows: job } = await pool.query<{ done: boolean }>(
      'SELECT done_at IS NOT NULL AS done FROM new_poem_fanout WHERE poem_id = $1',
      [poemId],
    );
    if (job[0]?.done) break;
    await sleep(100);
  }
  const fanoutMs = performance.now() - published;
  const { rows: queued } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'new_poem'`,
  );
  console.log(
    `fan-out: ${queued[0]?.n.toLocaleString('en')} mails queued in ${(fanoutMs / 1000).toFixed(1)} s ` +
      `(${Math.round((queued[0]?.n ?? 0) / (fanoutMs / 1000)).toLocaleString('en')}/s); service RSS ` +
      `${baseline.toFixed(0)} MB before, ${highest.toFixed(0)} MB at most (+${(highest - baseline).toFixed(0)} MB)`,
  );
  await pool.end();
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
  await server.stop();
} finally {
  if (!pool.ended) await pool.end();
  smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
