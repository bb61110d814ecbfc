import type pg from 'pg';
import type { AuthTokenPurpose } from '../db/entities/index.js';
import type { MailKind, MailPayloads } from './queue.js';
import { type MailContent, templates } from './templates.js';

/**
 * A mail ready to send; `link` is what a reader would click (logged by the file outbox);
 * `headers` are a list mail's own (RFC 2369, 2919, 8058).
 */
export type OutgoingMail = MailContent & { to: string; link?: string; headers?: Record<string, string> };

/** A poem as a mail about it quotes it, with the address of the reader it is for. */
type PoemForReader = { id: string; title: string; body: string; poet: string; email: string };

type Recipient = { id: string; email: string; firstname: string; emailVerifiedAt: Date | null };

/** The most poems a daily digest shows; a link leads to the rest. */
const DIGEST_POEMS = 20;

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
    const { rows } = await pool.query<PoemForReader>(
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
  /**
   * The poems of the day before `until` by the authors `readerId` follows, oldest first, the
   * first `DIGEST_POEMS` of them, each with their number and the reader's address: none unless
   * the reader still has a verified address and wants the digest. A poem the reader was mailed
   * alone (they chose `daily` later that day) is left out.
   */
  async function digestForReader(readerId: string, until: string) {
    const { rows } = await pool.query<PoemForReader & { total: number }>(
      `SELECT p.id, p.title, p.body, a.firstname || ' ' || a.lastname AS poet, r.email,
         count(*) OVER ()::int AS total
       FROM author r JOIN author_follow f ON f.follower_id = r.id
       JOIN poem p ON p.author_id = f.followee_id AND p.is_published
       JOIN author a ON a.id = p.author_id
       WHERE r.id = $1 AND r.email_verified_at IS NOT NULL AND r.new_poem_mail = 'daily'
         AND p.published_at >= $2::timestamptz - interval '1 day' AND p.published_at < $2::timestamptz
         AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'new_poem:' || p.id || ':' || r.id)
       ORDER BY p.published_at, p.id
       LIMIT ${DIGEST_POEMS}`,
      [readerId, until],
    );
    return rows;
  }
  const link = (page: string, token: string) => `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;
  const poemUrl = (poemId: string) => `${publicUrl}/poem/${poemId}`;

  /**
   * The headers and footer links of a mail about new poems: one-click unsubscribe (RFC 8058),
   * with a token of its own for this mail, and the account page. Undefined once `email` is no
   * longer the reader's address.
   */
  async function newPoemMailLinks(readerId: string, email: string) {
    const token = await issueToken('unsubscribe_new_poems', readerId, email);
    if (!token) return undefined;
    return {
      headers: {
        'List-Id': `New poems on Poetry <new-poems.${new URL(publicUrl).hostname}>`,
        'List-Unsubscribe': `<${link('api/mail/unsubscribe', token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      footer: { accountUrl: `${publicUrl}/studio/account`, unsubscribeUrl: link('unsubscribe', token) },
    };
  }

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
      const links = poem && (await newPoemMailLinks(readerId, poem.email));
      if (!poem || !links) return null;
      const url = poemUrl(poem.id);
      return {
        to: poem.email,
        link: url,
        headers: links.headers,
        ...templates.newPoem({ ...poem, url, ...links.footer }),
      };
    },
    async new_poem_digest({ readerId, until }) {
      const shown = await digestForReader(readerId, until);
      const reader = shown[0];
      const links = reader && (await newPoemMailLinks(readerId, reader.email));
      if (!reader || !links) return null;
      return {
        to: reader.email,
        link: poemUrl(reader.id),
        headers: links.headers,
        ...templates.newPoemDigest({
          shown: shown.map((poem) => ({ ...poem, url: poemUrl(poem.id) })),
          total: reader.total,
          moreUrl: `${publicUrl}/studio/feed`,
          ...links.footer,
        }),
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
