import { TAG_MAX, TAGS_MAX } from '@poetry/sdk';

/** Tags as one line of text, parted by commas, as a form's field shows them. */
export const tagsText = (tags: readonly string[]) => tags.join(', ');

/** The tags of such a line: each part trimmed, empty ones dropped; the API holds them to its rules. */
export const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** The API's rules for tags, as a field's hint. */
export const TAGS_HINT = `Separated by commas, as in: sea, night. At most ${TAGS_MAX} tags of up to ${TAG_MAX} characters each; saved in lower case.`;
