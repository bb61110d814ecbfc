import type { EntityManager } from '@mikro-orm/postgresql';
import { MailJob } from '../db/entities/index.js';

/** What each kind of mail needs to be written; never a token (the worker makes those). */
export type MailPayloads = {
  /** A link to verify `email`, if it is still the author's and unverified when the mail is written. */
  verify_email: { authorId: string; email: string };
  /** A reset link, if `email` belongs to an account when the mail is written; otherwise nothing. */
  password_reset_request: { email: string };
  /** `name` only if `email` is confirmed as the account's (a mail to any other quotes nothing it chose). */
  password_changed: { email: string; name?: string };
  /** Sent to the old address; `newEmail` and `name` only if it was confirmed as the account's. */
  email_changed: { oldEmail: string; newEmail?: string; name?: string };
  /** A poem to a follower of its author, queued by the fan-out (new-poem-fanout.ts), never by `queueMail`. */
  new_poem: { poemId: string; readerId: string };
  /** The poems of the day before `until` to a reader who chose `daily`, queued by daily-digest.ts. */
  new_poem_digest: { readerId: string; until: string };
};

export type MailKind = keyof MailPayloads;

/**
 * Puts a mail in the outbox as part of `em`'s next flush, so it is owed exactly when the change
 * that causes it is committed. The HTTP request never waits on SMTP.
 */
export function queueMail<K extends MailKind>(em: EntityManager, kind: K, payload: MailPayloads[K]) {
  em.create(MailJob, { kind, payload });
}
