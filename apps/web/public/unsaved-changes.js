// @ts-check
/**
 * Warns before the page is left while a form marked `data-unsaved-guard` (the names of the fields
 * it watches; `app/lib/unsaved-changes.ts`) holds text that no save took: the browser's own
 * question, on a link, a reload or closing the tab. Saved is the text the page was loaded with,
 * unless the page shows text no save took (`data-unsaved`: a refused save, a preview), and then
 * whatever a script saved in the background (the form's `saved` event, whose `detail` is the
 * body it posted). Posting the form is no leaving: the page that answers has this script again,
 * with what was saved.
 */
(() => {
  for (const form of document.querySelectorAll('form[data-unsaved-guard]')) {
    if (!(form instanceof HTMLFormElement)) continue;
    const names = (form.dataset.unsavedGuard ?? '').split(' ');
    const textOf = (/** @type {FormData | URLSearchParams} */ data) =>
      JSON.stringify(names.map((name) => data.get(name)));
    const text = () => textOf(new FormData(form));
    let saved = form.hasAttribute('data-unsaved') ? null : text();
    let posted = false;
    form.addEventListener('saved', (event) => {
      if (event instanceof CustomEvent && event.detail instanceof URLSearchParams)
        saved = textOf(event.detail);
    });
    // On the document, after the form's own listeners: a post one of them held back is no leaving.
    document.addEventListener('submit', (event) => {
      if (event.target === form && !event.defaultPrevented) posted = true;
    });
    window.addEventListener('beforeunload', (event) => {
      if (!posted && text() !== saved) event.preventDefault();
    });
  }
})();
