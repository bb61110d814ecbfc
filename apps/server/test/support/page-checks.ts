import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What every page must have: a title, a description, a canonical link to its path on the public
 * URL, one `<h1>` inside `<main>`, and no serious or critical axe-core violation. axe runs where
 * the page runs scripts (with `evaluate`: the pages' CSP would refuse it as an injected inline
 * script); without JavaScript the document is the same server-rendered HTML.
 */
export async function checkPage(page: Page, publicUrl: string, { runAxe }: { runAxe: boolean }) {
  const { pathname } = new URL(page.url());
  expect(await page.title()).toMatch(/\S · Poetry$/);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/\S/);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${publicUrl}${pathname}`);
  expect(await page.locator('main h1').count()).toBe(1);

  if (runAxe) expect(await seriousAxeViolations(page)).toEqual([]);
}

/** axe-core's serious and critical violations on `page`, each with the HTML of its nodes. */
export async function seriousAxeViolations(page: Page) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((node) => node.html) }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
