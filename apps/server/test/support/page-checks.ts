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

/** The dark colour scheme's paper (`--paper` in the web's styles.css), as the browser computes it. */
const DARK_PAPER = 'rgb(27, 25, 23)';

/**
 * What a page must be in a browser set to the dark colour scheme (`colorScheme: 'dark'`): on the
 * dark paper, with no serious or critical axe-core violation (its contrast checks among them).
 */
export async function checkDarkPage(page: Page) {
  const { pathname } = new URL(page.url());
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background, pathname).toBe(DARK_PAPER);
  expect(await seriousAxeViolations(page), pathname).toEqual([]);
}

/** What has the keyboard's focus: its tag, its id, and a link's or button's words. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return null;
    const words = element.matches('a, button') ? ` "${element.textContent?.trim()}"` : '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${words}`;
  });

/**
 * Where the page's title (`<main>`'s h1) starts, and where the chrome above it ends (the site's
 * header and, in the studio, its menu), in CSS pixels from the top of the page.
 */
export const titlePlacement = (page: Page) =>
  page.evaluate(() => {
    const chrome = [...document.querySelectorAll('header.site, .studio-nav')];
    return {
      chromeBottom: Math.max(...chrome.map((element) => element.getBoundingClientRect().bottom)),
      titleTop: document.querySelector('main h1')?.getBoundingClientRect().top,
    };
  });
