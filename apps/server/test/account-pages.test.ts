import { mkdir } from 'node:fs/promises';
import { useSmtpServer } from '@poetry/api/test/smtp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { newBrowserPage } from './support/browser-page.js';
import { checkPage } from './support/page-checks.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS, VIEWPORTS } from './support/viewports.js';

const smtp = useSmtpServer();
let service: Service;
let browser: Browser;
/** Every token mailed during the run: none may appear in the service's log. */
const tokens: string[] = [];

beforeAll(async () => {
  [service, browser] = await Promise.all([
    // Every page and asset of the four runs below comes from 127.0.0.1.
    startService({ SMTP_URL: smtp.url, GENERAL_REQUESTS_PER_IP: '100000' }),
    launchChromium(),
  ]);
  await mkdir(TEST_RESULTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** The link in the latest mail to `email` that leads to `page`, as mailed (the service's public URL). */
async function mailedLink(email: string, page: string, nth: number): Promise<string> {
  const mail = await smtp.waitFor(email, { nth });
  const link = new RegExp(`https?://\\S+/${page}\\?token=([\\w-]+)`).exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`mail #${nth} to ${email} has no ${page} link`);
  tokens.push(link[1]);
  return link[0];
}

for (const javaScriptEnabled of [true, false]) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}, on a ${device}`, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];

      beforeAll(async () => {
        ({ context, page, errors } = await newBrowserPage(browser, {
          viewport,
          javaScriptEnabled,
          baseURL: service.url,
        }));
      });
      afterAll(() => context?.close());

      const check = () => checkPage(page, service.url, { runAxe: javaScriptEnabled });
      const open = async (path: string) => {
        await page.goto(path);
        await check();
      };
      const heading = () => page.locator('main h1').textContent();

      it('signs up, verifies the address by the mailed link, logs out and back in, resets the password by the mailed link', async () => {
        const email = `reader-${device}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`;
        const passwords = ['first password 4b1e', 'second password 8c2f'] as const;

        await open('/');
        await page.getByRole('link', { name: 'sign up' }).click();
        await page.waitForURL('/signup');
        await check();
        await page.getByLabel('First name').fill('Ada');
        await page.getByLabel('Last name').fill('Lovelace');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(passwords[0]);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByText('You are logged in as Ada Lovelace').waitFor();
        await page.getByText('is not verified yet').waitFor();

        await open(await mailedLink(email, 'verify-email', 1));
        await page.getByRole('button', { name: 'Verify my email address' }).click();
        expect(
          await page.getByRole('heading', { name: 'Your email address is verified' }).textContent(),
        ).toBeTruthy();
        await open('/');
        await page.getByText('Your email address is verified.').waitFor();

        await page.getByRole('link', { name: 'Log out' }).click();
        await page.waitForURL('/logout');
        await check();
        await page.getByRole('button', { name: 'Log out' }).click();
        await page
          .getByRole('navigation', { name: 'Account' })
          .getByRole('link', { name: 'Log in' })
          .waitFor();

        // A wrong password: the API's message above the form, the address kept in its field.
        await open('/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('not the password');
        await page.getByRole('button', { name: 'Log in' }).click();
        expect(await page.getByRole('alert').textContent()).toBe('The email or the password is wrong');
        expect(await page.getByLabel('Email').inputValue()).toBe(email);
        await check();

        await page.getByRole('link', { name: 'Forgot your password?' }).click();
        await page.waitForURL('/forgot-password');
        await check();
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Mail me a link' }).click();
        await page.getByRole('heading', { name: 'Check your mail' }).waitFor();

        const resetLink = await mailedLink(email, 'reset-password', 2);
        await open(resetLink);
        if (javaScriptEnabled) {
          await page.screenshot({ path: `${TEST_RESULTS}reset-password-${device}.png`, fullPage: true });
        }
        // Two different passwords: the API's message next to the second field.
        await page.getByLabel('New password', { exact: true }).fill(passwords[1]);
        await page.getByLabel('New password again').fill('something else entirely');
        await page.getByRole('button', { name: 'Set the password' }).click();
        const mismatch = page.locator('#field-confirmed_password-error');
        // In the page's words, and only there: no summary repeats what the fields say.
        expect(await mismatch.textContent()).toBe('Does not match “New password”');
        expect(await page.getByRole('alert').count()).toBe(0);
        if (javaScriptEnabled) {
          await page.screenshot({
            path: `${TEST_RESULTS}reset-password-refused-${device}.png`,
            fullPage: true,
          });
        }
        expect(await page.getByLabel('New password again').getAttribute('aria-describedby')).toBe(
          'field-confirmed_password-error',
        );
        // The link is still good: no word of a new one.
        expect(await page.getByRole('link', { name: 'Ask for a new one' }).count()).toBe(0);
        await check();

        await page.getByLabel('New password', { exact: true }).fill(passwords[1]);
        await page.getByLabel('New password again').fill(passwords[1]);
        await page.getByRole('button', { name: 'Set the password' }).click();
        await page.getByRole('heading', { name: 'Your password is set' }).waitFor();

        await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
        await page.waitForURL('/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(passwords[1]);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText('You are logged in as Ada Lovelace').waitFor();
        expect(await heading()).toBe('Poetry');

        // The link again: used up, which the page says, with the way to a new one.
        await open(resetLink);
        await page.getByLabel('New password', { exact: true }).fill(passwords[0]);
        await page.getByLabel('New password again').fill(passwords[0]);
        await page.getByRole('button', { name: 'Set the password' }).click();
        expect(await page.getByRole('alert').textContent()).toBe(
          'This link is not valid: it was used already, has expired, or is not ours',
        );
        await page.getByRole('link', { name: 'Ask for a new one' }).waitFor();

        expect(errors).toEqual([]);
      });
    });
  }
}

describe('the service log', () => {
  it('holds no mailed token, though the pages were opened and posted with them in the address', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(8);
    const log = service.log.join('\n');
    // Opened and posted without JavaScript, and posted by React Router's fetch with it.
    expect(log).toContain('"POST","url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"POST","url":"/reset-password.data?token=[redacted]"');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
