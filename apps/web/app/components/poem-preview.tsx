import type { PoemValues } from '../lib/poem-form';
import { PoemBody } from './poem-body';

/** Where the writing page shows its preview: the anchor its Preview button goes to, and what `public/poem-editor.js` refreshes. */
export const PREVIEW_ID = 'poem-preview';

/**
 * The poem as typed, as readers will see it: its title, and its text in the reading page's own
 * `PoemBody`, so that the preview shows what the poem page shows (stanzas, lines, indents).
 * `values` null: no preview asked for yet, and the place for one, empty.
 */
export function PoemPreview({ values }: { values: Pick<PoemValues, 'title' | 'body'> | null }) {
  return (
    <div id={PREVIEW_ID}>
      {values && (
        <section className="poem-preview" aria-labelledby={`${PREVIEW_ID}-heading`}>
          <h2 id={`${PREVIEW_ID}-heading`}>Preview</h2>
          <p className="hint">As readers will see it once published. Previewing saves nothing.</p>
          <article className="poem">
            <h3 className="preview-title">{values.title || 'Untitled'}</h3>
            <PoemBody body={values.body} />
          </article>
        </section>
      )}
    </div>
  );
}
