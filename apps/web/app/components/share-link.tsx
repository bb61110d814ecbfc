import { useEffect, useState } from 'react';

/** With JavaScript and a clipboard, a button that copies `text`, and says whether it did. */
function CopyButton({ text }: { text: string }) {
  const [clipboard, setClipboard] = useState<Clipboard | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => setClipboard(navigator.clipboard ?? null), []);
  if (!clipboard) return null;
  const copy = () =>
    clipboard.writeText(text).then(
      () => setSaid('Copied.'),
      () => setSaid('Could not copy: select the link and copy it.'),
    );
  return (
    <>
      <button type="button" onClick={copy}>
        Copy
      </button>
      <span role="status">{said}</span>
    </>
  );
}

/**
 * A draft's private link, whole, to copy (selected when focused; a button copies it with
 * JavaScript), and the button that replaces it, which submits the form `form`.
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
        <input
          id="share-link"
          type="url"
          readOnly
          value={url}
          aria-describedby="share-link-hint"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={url} />
      </div>
      <button type="submit" form={form} name="intent" value="share">
        Replace the link
      </button>
    </section>
  );
}
