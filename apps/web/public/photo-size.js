// @ts-check
/**
 * Refuses, on the page, a file over the API's size limit in the file input this script names
 * (`PhotoField`, `app/components/field.tsx`, loads it once for each, with `data-field`, its id;
 * `data-max-bytes`; `data-too-large`, what to say), so that the form does not send it.
 */
(() => {
  const { field, maxBytes, tooLarge = '' } = document.currentScript?.dataset ?? {};
  const input = field ? document.getElementById(field) : null;
  if (!(input instanceof HTMLInputElement)) return;
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.setCustomValidity(file && file.size > Number(maxBytes) ? tooLarge : '');
    input.reportValidity();
  });
})();
