import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './common-properties.js';

/**
 * `mail_outbox`: a mail the service owes, created in the same flush as the change that causes
 * it. The mail worker claims, sends and marks rows with SQL; the app only creates them.
 */
export const MailJobSchema = defineEntity({
  name: 'MailJob',
  tableName: 'mail_outbox',
  properties: {
    id: uuidPrimaryKey(),
    kind: p.text(),
    payload: p.json<Record<string, string>>(),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    lockedUntil: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    /** What the mail is about, where it must go out once at most (`new_poem:<poem>:<reader>`); unique. */
    dedupeKey: p.text().nullable(),
    /** The mail of many readers at once (new poems, digests), sent after all other mail. */
    bulk: p.boolean().default(false),
    createdAt: createdAt(),
  },
  uniques: [
    {
      name: 'mail_outbox_dedupe_key_unique',
      expression: `create unique index "mail_outbox_dedupe_key_unique" on "mail_outbox" ("dedupe_key")`,
    },
  ],
  indexes: [
    {
      name: 'mail_outbox_due_index',
      expression: `create index "mail_outbox_due_index" on "mail_outbox" ("bulk", "next_attempt_at") where "sent_at" is null and "failed_at" is null`,
    },
    {
      name: 'mail_outbox_sent_at_index',
      expression: `create index "mail_outbox_sent_at_index" on "mail_outbox" ("sent_at") where "sent_at" is not null`,
    },
  ],
});

export type MailJob = InferEntity<typeof MailJobSchema>;
export const MailJob = MailJobSchema;
