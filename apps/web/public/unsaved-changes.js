// @ts-check
/**
 * Warns before the page is left while a form marked `data-unsaved-guard` (the names of the fields
 * it watches; `app/lib/unsaved-changes.ts`) holds text that no save took: the browser's own
 * question, on a link, a reload or closing the tab. Saved is the text the page was loaded with,
 * unless the page shows a refused save again (`data-refused`). Posting the form is no leaving:
 * the page that answers has this script again, with what was saved.
 */
(() => {
  for (const form of document.querySelectorAll('form[data-unsaved-guard]')) {
    if (!(form instanceof HTMLFormElement)) continue;
    const names = (form.dataset.unsavedGuard ?? '').split(' ');
    const text = () =>
      JSON.stringify(
        names.map((name) => {
          const field = form.elements.namedItem(name);
          return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
        }),
      );
    const saved = form.hasAttribute('data-refused') ? null : text();
    let posted = false;
    form.addEventListener('submit', () => {
      posted = true;
    });
    window.addEventListener('beforeunload', (event) => {
      if (!posted && text() !== saved) event.preventDefault();
    });
  }
})();
