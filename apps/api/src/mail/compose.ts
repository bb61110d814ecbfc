import type pg from 'pg';
import type { AuthTokenPurpose } from '../db/entities/index.js';
import type { MailKind, MailPayloads } from './queue.js';
import { type MailContent, templates } from './templates.js';

/**
 * A mail ready to send; `link` is what a reader would click (logged by the file outbox);
 * `headers` are a list mail's own (RFC 2369, 2919, 8058).
 */
export type OutgoingMail = MailContent & { to: string; link?: string; headers?: Record<string, string> };

type Recipient = { id: string; email: string; firstname: string; emailVerifiedAt: Date | null };

/** Makes the token of a mailed link for `email`; undefined if that is no longer the author's address. */
export type IssueToken = (
  purpose: AuthTokenPurpose,
  authorId: string,
  email: string,
) => Promise<string | undefined>;

/**
 * Writes the mail an outbox row asks for, as things stand now: makes the token of a link, and
 * writes nothing (null) when the mail is no longer owed (no such account, address changed, even
 * while the mail is being written, or already verified).
 */
export function createMailComposer({
  pool,
  issueToken,
  publicUrl,
}: {
  pool: pg.Pool;
  issueToken: IssueToken;
  publicUrl: string;
}) {
  async function recipient(where: string, value: string): Promise<Recipient | undefined> {
    const { rows } = await pool.query<Recipient>(
      `SELECT id, email, firstname, email_verified_at AS "emailVerifiedAt" FROM author WHERE ${where}`,
      [value],
    );
    return rows[0];
  }
  /**
   * The poem and the reader's address, while the mail is still owed: the poem published, the
   * reader verified, following its author and wanting `each`.
   */
  async function newPoemForReader(poemId: string, readerId: string) {
    const { rows } = await pool.query<{
      id: string;
      title: string;
      body: string;
      poet: string;
      email: string;
    }>(
      `SELECT p.id, p.title, p.body, a.firstname || ' ' || a.lastname AS poet, r.email
       FROM poem p JOIN author a ON a.id = p.author_id
       JOIN author_follow f ON f.followee_id = a.id
       JOIN author r ON r.id = f.follower_id
       WHERE p.id = $1 AND p.is_published AND r.id = $2
         AND r.email_verified_at IS NOT NULL AND r.new_poem_mail = 'each'`,
      [poemId, readerId],
    );
    return rows[0];
  }
  const link = (page: string, token: string) => `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;

  const composers: { [K in MailKind]: (payload: MailPayloads[K]) => Promise<OutgoingMail | null> } = {
    async verify_email({ authorId, email }) {
      const author = await recipient('id = $1', authorId);
      if (!author || author.email !== email || author.emailVerifiedAt) return null;
      const token = await issueToken('verify_email', author.id, email);
      if (!token) return null;
      const url = link('verify-email', token);
      // The address is not confirmed yet: the mail quotes nothing the account chose.
      return { to: email, link: url, ...templates.verifyEmail({ url }) };
    },
    async password_reset_request({ email }) {
      const author = await recipient('lower(email) = lower($1)', email);
      if (!author) return null;
      const token = await issueToken('reset_password', author.id, author.email);
      if (!token) return null;
      const url = link('reset-password', token);
      const name = author.emailVerifiedAt ? author.firstname : undefined;
      return { to: author.email, link: url, ...templates.resetPassword({ name, url }) };
    },
    async password_changed({ email, name }) {
      return { to: email, ...templates.passwordChanged({ name }) };
    },
    async email_changed({ oldEmail, newEmail, name }) {
      return { to: oldEmail, ...templates.emailChanged({ name, newEmail }) };
    },
    async new_poem({ poemId, readerId }) {
      const poem = await newPoemForReader(poemId, readerId);
      if (!poem) return null;
      const token = await issueToken('unsubscribe_new_poems', readerId, poem.email);
      if (!token) return null;
      const url = `${publicUrl}/poem/${poem.id}`;
      return {
        to: poem.email,
        link: url,
        headers: {
          'List-Id': `New poems on Poetry <new-poems.${new URL(publicUrl).hostname}>`,
          'List-Unsubscribe': `<${link('api/mail/unsubscribe', token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        ...templates.newPoem({ ...poem, url, unsubscribeUrl: link('unsubscribe', token) }),
      };
    },
  };

  return (kind: string, payload: unknown): Promise<OutgoingMail | null> => {
    const compose = composers[kind as MailKind] as
      | ((payload: unknown) => Promise<OutgoingMail | null>)
      | undefined;
    if (!compose) throw new Error(`unknown mail kind ${kind}`);
    return compose(payload);
  };
}

export type MailComposer = ReturnType<typeof createMailComposer>;
