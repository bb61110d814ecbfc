import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a refused form's page shows, with JavaScript or without: a title that begins “Error: ”; at
 * the top of the page the summary, “There is a problem”, which has the focus (`autofocus`) and is
 * an alert; in it `said` (what is about no field), then a link to each field of `fields` with its
 * message, in that order; and the same message beside each field.
 */
export async function expectRefusedForm(
  page: Page,
  { fields = {}, said = [] }: { fields?: Record<string, string>; said?: string[] },
) {
  const summary = page.getByRole('main').locator('.problem-summary');
  // The refusing page may still be on its way: its summary says it has come.
  await summary.waitFor();
  expect(await page.title()).toMatch(/^Error: \S/);
  await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await summary.getByRole('heading', { level: 2 }).textContent()).toBe('There is a problem');
  expect(await summary.getByRole('alert').count()).toBe(1);
  const items = summary.getByRole('listitem');
  expect(await items.count()).toBe(said.length + Object.keys(fields).length);
  for (const [index, text] of said.entries()) expect(await items.nth(index).textContent()).toBe(text);
  for (const [index, [name, message]] of Object.entries(fields).entries()) {
    const link = items
      .nth(said.length + index)
      .getByRole('link')
      .first();
    expect(await link.textContent()).toBe(message);
    expect(await link.getAttribute('href')).toBe(`#field-${name}`);
    // Beside the field, the message comes first (its next step, if any, after it).
    const beside = (await page.locator(`#field-${name}-error`).textContent()) ?? '';
    expect(beside.slice(0, message.length)).toBe(message);
    expect(await page.locator(`#field-${name}`).getAttribute('aria-invalid')).toBe('true');
  }
}
