import { publicFile } from '../lib/public-file';

/**
 * A draft's private link, whole, to copy, and the button that replaces it, which submits the form
 * `form`. With JavaScript (`public/share-link.js`), the link is selected when focused, and a Copy
 * button, hidden until then and only where the browser has a clipboard, copies it and says so.
 */
export function ShareLink({ url, form }: { url: string; form: string }) {
  return (
    <section className="share-link" aria-labelledby="share-link-heading">
      <h2 id="share-link-heading">Share the draft</h2>
      <label htmlFor="share-link">Share link</label>
      <p className="hint" id="share-link-hint">
        Anyone with this link can read the poem, logged in or not, before it is published. Once replaced, it
        opens nothing.
      </p>
      <div className="share-link-row">
        <input id="share-link" type="url" readOnly value={url} aria-describedby="share-link-hint" />
        <button type="button" id="share-link-copy" hidden>
          Copy
        </button>
        <span role="status" id="share-link-status" />
      </div>
      <button type="submit" form={form} name="intent" value="share">
        Replace the link
      </button>
      <script src={publicFile('/share-link.js')} defer />
    </section>
  );
}
