/*
 * The API's limits as plain numbers, in a module without zod, so that a browser's bundle can say
 * them (a field's hint) without carrying the schemas.
 */

const MB = 1024 * 1024;

export const TITLE_MAX = 200;
/** An author's first and last names, each. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** A password, in characters; spaces count. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const POEM_BODY_MAX = 100_000;
export const BIO_MAX = 2_000;
export const DESCRIPTION_MAX = 2_000;
/** Tags of a poem or a collection, and the characters of each. */
export const TAGS_MAX = 20;
export const TAG_MAX = 40;

/** The most of an author's other poems a poem's `more_by_author` lists. */
export const MORE_BY_AUTHOR_MAX = 4;

/** The largest request body the API reads (JSON), and the largest form the pages read. */
export const BODY_MAX_BYTES = 1 * MB;

/** What the API takes as a photo (an author's photo and banner, a collection's image). */
export const PHOTO_UPLOAD = {
  maxBytes: 5 * MB,
  /** The formats, as media types; the API judges a file by its content, never by its declared type. */
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /**
   * What an image may decode to, whatever its size in bytes: a file of a few bytes can claim
   * 30000×30000 pixels (a decompression bomb). 16383 is WebP's largest side; 50 megapixels still
   * takes the full-size photo of a 48-megapixel phone camera.
   */
  maxSide: 16_383,
  maxPixels: 50_000_000,
  /** The same rules, as people read them. */
  rules: 'JPEG, PNG, WebP or GIF (judged by content), at most 5 MB',
} as const;
