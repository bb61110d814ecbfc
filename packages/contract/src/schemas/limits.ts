const MB = 1024 * 1024;

/** The largest request body the API reads (JSON), and the largest form the pages read. */
export const BODY_MAX_BYTES = 1 * MB;

/** What the API takes as a photo (an author's photo and banner, a collection's image). */
export const PHOTO_UPLOAD = {
  maxBytes: 5 * MB,
  /** The formats, as media types; the API judges a file by its content, never by its declared type. */
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /** The same rules, as people read them. */
  rules: 'JPEG, PNG, WebP or GIF (judged by content), at most 5 MB',
} as const;
