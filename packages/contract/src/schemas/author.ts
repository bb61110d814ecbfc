import { z } from 'zod';
import type { FieldErrorCode } from './errors.js';
import { FilePart } from './file.js';
import { BIO_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHOTO_UPLOAD } from './limits.js';
import type { Named } from './named.js';
import { withOpenApi } from './openapi-meta.js';
import { page } from './pagination.js';
import { Count, Id, ImageUrl, Timestamp, text } from './text.js';

// ---- Field rules (inputs) ----

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `Must be at most ${EMAIL_MAX} characters`)
  .email('Must be an email address');

/** 8..256 characters, never trimmed: spaces are part of a password. */
export const Password = text({ min: PASSWORD_MIN, max: PASSWORD_MAX, trim: false });

export const PersonName = text({ min: 1, max: NAME_MAX });

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
  .refine((username) => !RESERVED_USERNAMES.includes(username), {
    message: 'This username is reserved',
    params: { code: 'reserved' satisfies FieldErrorCode },
  })
  .describe(
    'Lower-cased, then 3..30 characters of a-z, 0-9, "_" and "-"; unique; `list` and `me` are reserved',
  );

export const Bio = text({ max: BIO_MAX });

/**
 * Whether a reader is mailed the poems of the authors they follow: each poem as it is first
 * published, one digest a day, or nothing.
 */
export const NewPoemMail = z
  .enum(['each', 'daily', 'off'])
  .describe(
    '`each`: a mail for each poem a followed author publishes; `daily`: one mail a day with the poems of the ' +
      "day before the service's digest hour (`DIGEST_HOUR_UTC`), none on a day without; `off`: none",
  );
export type NewPoemMail = z.infer<typeof NewPoemMail>;

/** A reset or verification token from an emailed link. Anything non-empty is looked up (a bad one is 422). */
export const Token = z.string().trim().min(1, 'Must not be empty').max(512);

/** "Not the email itself", compared case-insensitively. */
function passwordIsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email;
}

// ---- Records (responses) ----

const shareImageUrl = ImageUrl.describe(
  'The banner cut to 1200×630, for link previews (Open Graph, Twitter cards), or null without a banner',
);

const imageSize = withOpenApi(
  z.object({
    width: z.number().int().min(1).describe('In pixels'),
    url: z.string().url(),
  }),
  { title: 'ImageSize' },
);
export interface ImageSizeSchema extends Named<typeof imageSize> {}
/** One width an image is served at. */
export const ImageSize: ImageSizeSchema = imageSize;
export type ImageSize = z.infer<typeof ImageSize>;

const profilePhotoSizes = z
  .array(ImageSize)
  .describe(
    'The profile photo at each width it is served at (square: 48, 96, 192, then the 400 of ' +
      '`profile_photo_url`), narrowest first, for an `<img srcset>`; empty without a photo',
  );

const authorSummary = withOpenApi(
  z.object({
    id: Id,
    username: z.string(),
    fullname: z.string(),
    profile_photo_url: ImageUrl,
    profile_photo_sizes: profilePhotoSizes,
    share_image_url: shareImageUrl,
  }),
  { title: 'AuthorSummary' },
);
export interface AuthorSummarySchema extends Named<typeof authorSummary> {}
export const AuthorSummary: AuthorSummarySchema = authorSummary;
export type AuthorSummary = z.infer<typeof AuthorSummary>;

const authorShape = {
  id: Id,
  username: z.string().describe('Unique case-insensitively; accepted wherever an author id is'),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string().describe('`firstname lastname`'),
  bio: z.string(),
  profile_photo_url: ImageUrl.describe('400×400 image, or null'),
  profile_photo_sizes: profilePhotoSizes,
  profile_banner_photo_url: ImageUrl.describe('1500×500 image, or null'),
  share_image_url: shareImageUrl,
  poems_count: Count.describe('Published poems'),
  collections_count: Count.describe('Public collections'),
  followers_count: Count,
  following_count: Count,
  followed_by_me: z.boolean().describe('Whether the caller follows this author; false when not logged in'),
  created_at: Timestamp,
};

const author = withOpenApi(z.object(authorShape), { title: 'Author' });
export interface AuthorSchema extends Named<typeof author> {}
/** An author as anyone sees them. */
export const Author: AuthorSchema = author;
export type Author = z.infer<typeof Author>;

const privateAuthor = withOpenApi(
  z.object({
    ...authorShape,
    email: z.string(),
    email_verified: z.boolean(),
    new_poem_mail: NewPoemMail,
    updated_at: Timestamp,
  }),
  { title: 'PrivateAuthor' },
);
export interface PrivateAuthorSchema extends Named<typeof privateAuthor> {}
/** The logged-in author's own view: Author plus personal data. */
export const PrivateAuthor: PrivateAuthorSchema = privateAuthor;
export type PrivateAuthor = z.infer<typeof PrivateAuthor>;

// ---- Envelopes ----

const authorResponse = z.object({ author: Author });
export interface AuthorResponseSchema extends Named<typeof authorResponse> {}
export const AuthorResponse: AuthorResponseSchema = authorResponse;
export type AuthorResponse = z.infer<typeof AuthorResponse>;

const privateAuthorResponse = z.object({ author: PrivateAuthor });
export interface PrivateAuthorResponseSchema extends Named<typeof privateAuthorResponse> {}
export const PrivateAuthorResponse: PrivateAuthorResponseSchema = privateAuthorResponse;
export type PrivateAuthorResponse = z.infer<typeof PrivateAuthorResponse>;

const authResponse = z.object({ author: PrivateAuthor.nullable() });
export interface AuthResponseSchema extends Named<typeof authResponse> {}
/** What every auth endpoint answers: the session's author after the call, null when nobody is logged in. */
export const AuthResponse: AuthResponseSchema = authResponse;
export type AuthResponse = z.infer<typeof AuthResponse>;

const authorList = page('authors', Author);
export interface AuthorListSchema extends Named<typeof authorList> {}
export const AuthorList: AuthorListSchema = authorList;
export type AuthorList = z.infer<typeof AuthorList>;

// ---- Bodies ----

const signupBody = z
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
        params: { code: 'same_as_email' satisfies FieldErrorCode },
      });
    }
  });
export interface SignupBodySchema extends Named<typeof signupBody> {}
export const SignupBody: SignupBodySchema = signupBody;
export type SignupBody = z.infer<typeof SignupBody>;
export type SignupInput = z.input<typeof SignupBody>;

const loginBody = z
  .object({
    email: Email,
    password: z.string().min(1, 'Must not be empty').max(1024),
  })
  .strict();
export interface LoginBodySchema extends Named<typeof loginBody> {}
/** Login checks nothing but presence, so a policy change never locks anyone out. */
export const LoginBody: LoginBodySchema = loginBody;
export type LoginBody = z.infer<typeof LoginBody>;
export type LoginInput = z.input<typeof LoginBody>;

const updateMeBody = z
  .object({
    firstname: PersonName.optional(),
    lastname: PersonName.optional(),
    email: Email.optional(),
    username: Username.optional(),
    bio: Bio.optional(),
    new_poem_mail: NewPoemMail.optional(),
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
        params: { code: 'required' satisfies FieldErrorCode },
      });
    }
  });
export interface UpdateMeBodySchema extends Named<typeof updateMeBody> {}
export const UpdateMeBody: UpdateMeBodySchema = updateMeBody;
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;
export type UpdateMeInput = z.input<typeof UpdateMeBody>;

const forgotPasswordBody = z.object({ email: Email }).strict();
export interface ForgotPasswordBodySchema extends Named<typeof forgotPasswordBody> {}
export const ForgotPasswordBody: ForgotPasswordBodySchema = forgotPasswordBody;
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export type ForgotPasswordInput = z.input<typeof ForgotPasswordBody>;

const resetPasswordBody = z
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
        params: { code: 'mismatch' satisfies FieldErrorCode },
      });
    }
  });
export interface ResetPasswordBodySchema extends Named<typeof resetPasswordBody> {}
export const ResetPasswordBody: ResetPasswordBodySchema = resetPasswordBody;
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export type ResetPasswordInput = z.input<typeof ResetPasswordBody>;

const verifyEmailBody = z.object({ token: Token }).strict();
export interface VerifyEmailBodySchema extends Named<typeof verifyEmailBody> {}
export const VerifyEmailBody: VerifyEmailBodySchema = verifyEmailBody;
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
export type VerifyEmailInput = z.input<typeof VerifyEmailBody>;

/** The two photos of an author, by the name of their file part (and of the `part` that removes one). */
export const PhotoPart = z.enum(['profile_photo', 'profile_banner_photo']);
export type PhotoPart = z.infer<typeof PhotoPart>;

const uploadPhotoBody = z
  .object({
    profile_photo: FilePart.optional().describe(`${PHOTO_UPLOAD.rules}; re-encoded to 400×400`),
    profile_banner_photo: FilePart.optional().describe(`${PHOTO_UPLOAD.rules}; re-encoded to 1500×500`),
  })
  .strict();
export interface UploadPhotoBodySchema extends Named<typeof uploadPhotoBody> {}
/** multipart/form-data with at least one of the two file parts (checked by the server). */
export const UploadPhotoBody: UploadPhotoBodySchema = uploadPhotoBody;
export type UploadPhotoBody = z.infer<typeof UploadPhotoBody>;
export type UploadPhotoInput = z.input<typeof UploadPhotoBody>;
