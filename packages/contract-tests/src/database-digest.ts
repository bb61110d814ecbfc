import pg from 'pg';
import { inject } from 'vitest';

/**
 * Columns that change by design without a change of data, left out of the digest:
 * express-session moves a session's expiry on each authenticated request (which sessions exist
 * is what counts), and the mail worker records its delivery attempts in the background and
 * empties a mail's payload once it is sent (which mails were queued is what counts).
 */
const DIGESTED_COLUMNS: Record<string, string> = {
  session: 'sid',
  mail_outbox: 'id, kind, created_at',
  // The fan-out moves through a new poem's followers in the background (which jobs exist counts).
  new_poem_fanout: 'poem_id, author_id, created_at',
};

/**
 * Rows that change by design, left out too: the general rate limit counts every request, a bad
 * one as well, in `rate_limit` rows keyed `general:<window>:<ip>` (apps/api/src/http/shared-request-counts.ts),
 * and the upload allowance counts every image its owner sends before it is decoded, one that is
 * not an image as well, in rows keyed `upload:account:…` (apps/api/src/http/image-uploads.ts).
 * The mail worker makes a mail's token as it writes the mail, in the background (a mail queued
 * shows in `mail_outbox`): of `auth_token`, the tokens used count. New-poem mails are queued by
 * the fan-out in the background, from a job that shows in `new_poem_fanout`.
 */
const DIGESTED_ROWS: Record<string, string> = {
  rate_limit: "key NOT LIKE 'general:%' AND key NOT LIKE 'upload:%'",
  // Queued by the fan-out in the background, from a job that shows in `new_poem_fanout`.
  mail_outbox: "kind <> 'new_poem'",
  auth_token: 'used_at IS NOT NULL',
};

export type DatabaseDigest = Record<string, string>;

/** A connection to the server's database, to tell whether a request changed anything. */
export async function connectDigest(): Promise<{
  digest(): Promise<DatabaseDigest>;
  close(): Promise<void>;
} | null> {
  const url = inject('target').databaseUrl;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digestOf = (table: string) =>
    `SELECT '${table}' AS table, count(*)::int AS rows,
            md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS hash
       FROM (SELECT ${DIGESTED_COLUMNS[table] ?? '*'} FROM "${table}" WHERE ${DIGESTED_ROWS[table] ?? 'TRUE'}) r`;
  const query = rows.map(({ table_name }) => digestOf(table_name)).join('\nUNION ALL\n');
  return {
    /** `{ table: "<rows>:<md5 of every row>" }` for every table of the public schema. */
    async digest() {
      const result = await client.query<{ table: string; rows: number; hash: string }>(query);
      return Object.fromEntries(result.rows.map((row) => [row.table, `${row.rows}:${row.hash}`]));
    },
    close: () => client.end(),
  };
}
