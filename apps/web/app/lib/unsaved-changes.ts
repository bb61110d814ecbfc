/**
 * The attributes of a form whose page warns before it is left while the fields `names` hold text
 * that no save took (`public/unsaved-changes.js`, which the page loads). `refused`: the page shows
 * a refused save again, so the text as loaded is not saved either. Spread the answer on the form.
 */
export const unsavedChangesGuard = (names: readonly string[], refused: boolean) => ({
  'data-unsaved-guard': names.join(' '),
  'data-refused': refused ? '' : undefined,
});
