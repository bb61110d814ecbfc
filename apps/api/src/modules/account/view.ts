import type { NewPoemMail, PrivateAuthor } from '@poetry/contract';
import { found } from '../../errors.js';
import { type AuthorFields, toAuthor } from '../common/author-view.js';

/** An author as `queries.privateAuthor` returns them: feeds `toPrivateAuthor` directly. */
export type PrivateAuthorRow = AuthorFields & {
  email: string;
  emailVerifiedAt: Date | null;
  newPoemMail: NewPoemMail;
  updatedAt: Date;
};

/** The author as they see themselves: the public record plus their personal data. */
export function toPrivateAuthor(row: PrivateAuthorRow, publicUrl: string): PrivateAuthor {
  return {
    ...toAuthor({ ...row, followedByMe: false }, publicUrl),
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    new_poem_mail: row.newPoemMail,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The bodies the account routes answer with. */
export function accountViews(publicUrl: string) {
  return {
    /** The author; 404 when there is none. */
    author: (row: PrivateAuthorRow | undefined) => ({
      author: toPrivateAuthor(found(row, 'Author'), publicUrl),
    }),
    /** The session's author, or null when there is none (logged out, or deleted since). */
    sessionAuthor: (row: PrivateAuthorRow | undefined) => ({
      author: row ? toPrivateAuthor(row, publicUrl) : null,
    }),
  };
}
