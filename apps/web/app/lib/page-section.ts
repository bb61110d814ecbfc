/** The form field naming the part of a page a form stands in (`IntentButton`'s `section`). */
export const SECTION_FIELD = 'section';

/** What an element id of ours looks like; anything else posted is no part of the page. */
const SECTION_ID = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * The fragment that brings the reader back to the part of the page `section` names (`#likes`),
 * or nothing when it names none.
 */
export const sectionFragment = (section: FormDataEntryValue | null) =>
  typeof section === 'string' && SECTION_ID.test(section) ? `#${section}` : '';
