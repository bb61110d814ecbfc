import { z } from 'zod';
import { FilePart } from './file.js';
import { withOpenApi } from './openapi-meta.js';
import { page } from './pagination.js';
import { BIO_MAX, Count, Id, ImageUrl, Timestamp, text } from './text.js';

// ---- Field rules (inputs) ----

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Must be at most 254 characters')
  .email('Must be an email address');

/** 8..256 characters, never trimmed: spaces are part of a password. */
export const Password = text({ min: 8, max: 256, trim: false });

export const PersonName = text({ min: 1, max: 100 });

/**
 * Usernames that would make `/api/author/<username>/...` ambiguous with a fixed path segment
 * (`/api/author/list/<list_id>`).
 */
/** The word of `/api/author/list/:listId`, in the place of an author's id or username. */
export const AUTHOR_LISTS_WORD = 'list';

/**
 * What no author may be called: every word a route has where an author's id or username goes
 * (a test walks the routes to keep it so), and `me`.
 */
export const RESERVED_USERNAMES: readonly string[] = [AUTHOR_LISTS_WORD, 'me'];

export const Username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{3,30}$/, 'Must be 3..30 characters of a-z, 0-9, "_" and "-"')
  .refine((username) => !RESERVED_USERNAMES.includes(username), { message: 'This username is reserved' })
  .describe(
    'Lower-cased, then 3..30 characters of a-z, 0-9, "_" and "-"; unique; `list` and `me` are reserved',
  );

export const Bio = text({ max: BIO_MAX });

/** A reset or verification token from an emailed link. Anything non-empty is looked up (a bad one is 422). */
export const Token = z.string().trim().min(1, 'Must not be empty').max(512);

/** "Not the email itself", compared case-insensitively. */
function passwordIsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email;
}

// ---- Records (responses) ----

export const AuthorSummary = withOpenApi(
  z.object({
    id: Id,
    username: z.string(),
    fullname: z.string(),
    profile_photo_url: ImageUrl,
  }),
  { title: 'AuthorSummary' },
);
export type AuthorSummary = z.infer<typeof AuthorSummary>;

const authorShape = {
  id: Id,
  username: z.string().describe('Unique case-insensitively; accepted wherever an author id is'),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string().describe('`firstname lastname`'),
  bio: z.string(),
  profile_photo_url: ImageUrl.describe('400×400 image, or null'),
  profile_banner_photo_url: ImageUrl.describe('1500×500 image, or null'),
  poems_count: Count.describe('Published poems'),
  collections_count: Count.describe('Public collections'),
  followers_count: Count,
  following_count: Count,
  followed_by_me: z.boolean().describe('Whether the caller follows this author; false when not logged in'),
  created_at: Timestamp,
};

/** An author as anyone sees them. */
export const Author = withOpenApi(z.object(authorShape), { title: 'Author' });
export type Author = z.infer<typeof Author>;

/** The logged-in author's own view: Author plus personal data. */
export const PrivateAuthor = withOpenApi(
  z.object({
    ...authorShape,
    email: z.string(),
    email_verified: z.boolean(),
    updated_at: Timestamp,
  }),
  { title: 'PrivateAuthor' },
);
export type PrivateAuthor = z.infer<typeof PrivateAuthor>;

// ---- Envelopes ----

export const AuthorResponse = z.object({ author: Author });
export type AuthorResponse = z.infer<typeof AuthorResponse>;

export const PrivateAuthorResponse = z.object({ author: PrivateAuthor });
export type PrivateAuthorResponse = z.infer<typeof PrivateAuthorResponse>;

/** What every auth endpoint answers: the session's author after the call, null when nobody is logged in. */
export const AuthResponse = z.object({ author: PrivateAuthor.nullable() });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const AuthorList = page('authors', Author);
export type AuthorList = z.infer<typeof AuthorList>;

// ---- Bodies ----

export const SignupBody = z
  .object({
    email: Email,
    firstname: PersonName,
    lastname: PersonName,
    password: Password,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (passwordIsEmail(body.password, body.email)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['password'],
        message: 'The password cannot be the email address',
      });
    }
  });
export type SignupBody = z.infer<typeof SignupBody>;
export type SignupInput = z.input<typeof SignupBody>;

/** Login checks nothing but presence, so a policy change never locks anyone out. */
export const LoginBody = z
  .object({
    email: Email,
    password: z.string().min(1, 'Must not be empty').max(1024),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;
export type LoginInput = z.input<typeof LoginBody>;

export const UpdateMeBody = z
  .object({
    firstname: PersonName.optional(),
    lastname: PersonName.optional(),
    email: Email.optional(),
    username: Username.optional(),
    bio: Bio.optional(),
    password: Password.optional(),
    current_password: z
      .string()
      .min(1, 'Must not be empty')
      .max(1024)
      .optional()
      .describe('Required when `email` or `password` is present; ignored otherwise'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.email !== undefined || body.password !== undefined) && body.current_password === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['current_password'],
        message: 'Required to change the email or the password',
      });
    }
  });
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;
export type UpdateMeInput = z.input<typeof UpdateMeBody>;

export const ForgotPasswordBody = z.object({ email: Email }).strict();
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export type ForgotPasswordInput = z.input<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z
  .object({
    token: Token,
    new_password: Password,
    confirmed_password: z.string().max(1024),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.confirmed_password !== body.new_password) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['confirmed_password'],
        message: 'Does not match new_password',
      });
    }
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export type ResetPasswordInput = z.input<typeof ResetPasswordBody>;

export const VerifyEmailBody = z.object({ token: Token }).strict();
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
export type VerifyEmailInput = z.input<typeof VerifyEmailBody>;

const PHOTO_RULES = 'JPEG, PNG, WebP or GIF (judged by content), at most 5 MB';

/** The two photos of an author, by the name of their file part (and of the `part` that removes one). */
export const PhotoPart = z.enum(['profile_photo', 'profile_banner_photo']);
export type PhotoPart = z.infer<typeof PhotoPart>;

/** multipart/form-data with at least one of the two file parts (checked by the server). */
export const UploadPhotoBody = z
  .object({
    profile_photo: FilePart.optional().describe(`${PHOTO_RULES}; re-encoded to 400×400`),
    profile_banner_photo: FilePart.optional().describe(`${PHOTO_RULES}; re-encoded to 1500×500`),
  })
  .strict();
export type UploadPhotoBody = z.infer<typeof UploadPhotoBody>;
export type UploadPhotoInput = z.input<typeof UploadPhotoBody>;
