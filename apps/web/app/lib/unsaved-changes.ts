/**
 * The attributes of a form whose page warns before it is left while the fields `names` hold text
 * that no save took (`public/unsaved-changes.js`, which the page loads). `unsaved`: the page
 * shows text that is not what is saved (a refused save, a preview, shown again as typed), so
 * the text as loaded is not saved either. Spread the answer on the form.
 */
export const unsavedChangesGuard = (names: readonly string[], unsaved: boolean) => ({
  'data-unsaved-guard': names.join(' '),
  'data-unsaved': unsaved ? '' : undefined,
});
