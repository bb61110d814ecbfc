// @ts-check
/**
 * The share link's enhancements (`app/components/share-link.tsx`, whose elements' ids these
 * are): its field selects the whole link when focused, and, where the browser has a clipboard,
 * its Copy button shows and copies the link, saying in the status beside it whether it did.
 */
(() => {
  const field = document.getElementById('share-link');
  const copy = document.getElementById('share-link-copy');
  const status = document.getElementById('share-link-status');
  if (!(field instanceof HTMLInputElement) || !copy || !status) return;
  field.addEventListener('focus', () => field.select());
  if (!navigator.clipboard) return;
  copy.hidden = false;
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(field.value).then(
      () => {
        status.textContent = 'Copied.';
      },
      () => {
        status.textContent = 'Could not copy: select the link and copy it.';
      },
    );
  });
})();
