import type { Page } from 'playwright-core';

/**
 * The stanzas of the poem on `page` as a reader sees them (none on a page without one): the
 * text's blank lines part them. innerText, not textContent: the line breaks as the page lays
 * them out (`white-space: pre-wrap`).
 */
export async function shownStanzas(page: Page): Promise<string[]> {
  const texts = await page.locator('.poem-body').allInnerTexts();
  return texts.flatMap((text) => text.split('\n\n'));
}
