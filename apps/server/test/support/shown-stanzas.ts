import type { Page } from 'playwright-core';

/**
 * The stanzas of the poem on `page` as a reader sees them (none on a page without one): each a
 * `<p>` of lines, a line its indent (its `data-indent`, which the stylesheet draws in its place)
 * and its text, the lines of a stanza joined by "\n".
 */
export function shownStanzas(page: Page): Promise<string[]> {
  return page.locator('.poem-body p').evaluateAll((stanzas) =>
    stanzas.map((stanza) =>
      Array.from(stanza.children as HTMLCollectionOf<HTMLElement>)
        .map((line) => `${line.dataset.indent ?? ''}${line.textContent}`)
        .join('\n'),
    ),
  );
}
