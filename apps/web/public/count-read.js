// @ts-check
/**
 * How a poem page counts its `read` metric: this script, which the page loads with
 * `data-poem-id`, posts to `/poem/<id>/read` (`app/routes/poem-read.tsx`), which counts through
 * the SDK. So a crawler that runs no JavaScript counts nothing, a page served from a CDN's cache
 * still counts, and the count needs no inline script (the CSP) and is a same-origin POST (the
 * CSRF rule). A browser counts a poem again only after `RECOUNT_AFTER_MS` (`localStorage`, no
 * cookie: a cookie would make every later page private to caches). Crawlers that run scripts
 * are told apart by their user agent on the server.
 */
(() => {
  const RECOUNT_AFTER_MS = 30 * 60 * 1000;
  const poemId = document.currentScript?.dataset.poemId;
  if (!poemId) return;
  const key = `poetry.read.${poemId}`;
  try {
    const last = Number(localStorage.getItem(key));
    if (Date.now() - last < RECOUNT_AFTER_MS) return;
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // Storage refused (a private window's quota): count this view anyway.
  }
  void fetch(`/poem/${encodeURIComponent(poemId)}/read`, { method: 'POST', keepalive: true });
})();
