/**
 * The new-poem mail as a reader sees it: its HTML part opened in Chromium, as a webmail shows it
 * (no script runs in a mail), on a phone and on a desktop; a screenshot of each in test-results/.
 */
import { mkdir } from 'node:fs/promises';
import { writePoem } from '@poetry/test-support/poems';
import { type CapturedMail, tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { newBrowserPage } from './support/browser-page.js';
import { seriousAxeViolations } from './support/page-checks.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS, VIEWPORTS } from './support/viewports.js';

const TITLE = 'Hope is the thing with feathers <& “friends”> 🪶';
const STANZAS = [
  'Hope is the thing with feathers -\nThat perches in the soul -\nAnd sings the tune without the words -\nAnd never stops - at all -',
  'And sweetest - in the Gale - is heard -',
];

const smtp = useSmtpServer();
let service: Service;
let browser: Browser;
let mail: CapturedMail;
let poemId: string;

beforeAll(async () => {
  [service, browser] = await Promise.all([startService({ SMTP_URL: smtp.url }), launchChromium()]);
  await mkdir(TEST_RESULTS, { recursive: true });
  const poet = await signedUpAuthor(service.url, 'Emily', 'Dickinson');
  const reader = await signedUpAuthor(service.url, 'Ada', 'Lovelace');
  await reader.client.auth.verifyEmail({ body: { token: tokenIn(await smtp.waitFor(reader.email)) } });
  await reader.client.author.followers.follow({ params: { authorId: poet.author.id } });
  poemId = (await writePoem(poet.client, { title: TITLE, body: STANZAS.join('\n\n') })).id;
  mail = await smtp.waitFor(reader.email, { subject: `"${TITLE}", a new poem by Emily Dickinson` });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  describe(`on a ${device}`, () => {
    it('shows the title, the first stanza line by line, a link to the poem, why it came and how to stop it; no axe violation', async () => {
      const { context, page } = await newBrowserPage(browser, { viewport, javaScriptEnabled: true });
      try {
        await page.setContent(mail.html || '', { waitUntil: 'load' });
        await page.screenshot({ path: `${TEST_RESULTS}new-poem-mail-${device}.png`, fullPage: true });

        expect(await page.title()).toBe(mail.subject);
        // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, line breaks and all, is the point.
        const shown = await page.locator('body').innerText();
        expect(shown).toContain(`Emily Dickinson has published a new poem, "${TITLE}". It begins:`);
        expect(shown).toContain(STANZAS[0]);
        expect(shown).not.toContain(STANZAS[1]);
        expect(shown).toContain('You get this mail because you follow Emily Dickinson.');

        const read = page.getByRole('link', { name: 'Read the whole poem' });
        expect(await read.getAttribute('href')).toBe(`${service.url}/poem/${poemId}`);
        expect(
          await page.getByRole('link', { name: 'Stop the mails about new poems' }).getAttribute('href'),
        ).toMatch(new RegExp(`^${service.url}/unsubscribe\\?token=[\\w-]+$`));
        // Nothing wider than the screen: a phone reads it without scrolling sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        expect(await seriousAxeViolations(page)).toEqual([]);

        await read.click();
        await page.waitForURL(`${service.url}/poem/${poemId}`);
        expect(await page.locator('main h1').textContent()).toBe(TITLE);
      } finally {
        await context.close();
      }
    });
  });
}
