import { mkdir } from 'node:fs/promises';
import { writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { BROWSER_SETTINGS, useBrowserPage } from './support/browser-page.js';
import { type Service, startService } from './support/service.js';
import { TEST_RESULTS } from './support/viewports.js';

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

for (const setting of BROWSER_SETTINGS) {
  const { javaScriptEnabled, device } = setting;
  describe(setting.name, () => {
    const tab = useBrowserPage(setting, () => ({ browser, baseURL: service.url }));

    const heading = () => tab.page.locator('main h1').textContent();

    it('signs up, verifies the address by the mailed link, logs out and back in, resets the password by the mailed link', async () => {
      const email = `reader-${device}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`;
      const passwords = ['first password 4b1e', 'second password 8c2f'] as const;

      await tab.open('/');
      await tab.page.getByRole('link', { name: 'sign up' }).click();
      await tab.page.waitForURL('/signup');
      await tab.check();
      await tab.page.getByLabel('First name').fill('Ada');
      await tab.page.getByLabel('Last name').fill('Lovelace');
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByLabel('Password').fill(passwords[0]);
      await tab.page.getByRole('button', { name: 'Sign up' }).click();
      await tab.page.getByText('You are logged in as Ada Lovelace').waitFor();
      await tab.page.getByText('is not verified yet').waitFor();

      await tab.open(await mailedLink(email, 'verify-email', 1));
      await tab.page.getByRole('button', { name: 'Verify my email address' }).click();
      expect(
        await tab.page.getByRole('heading', { name: 'Your email address is verified' }).textContent(),
      ).toBeTruthy();
      await tab.open('/');
      await tab.page.getByText('Your email address is verified.').waitFor();

      await tab.page.getByRole('link', { name: 'Log out' }).click();
      await tab.page.waitForURL('/logout');
      await tab.check();
      await tab.page.getByRole('button', { name: 'Log out' }).click();
      await tab.page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Log in' })
        .waitFor();

      // A wrong password: the API's message above the form, the address kept in its field.
      await tab.open('/login');
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByLabel('Password').fill('not the password');
      await tab.page.getByRole('button', { name: 'Log in' }).click();
      expect(await tab.page.getByRole('alert').textContent()).toBe('The email or the password is wrong');
      expect(await tab.page.getByLabel('Email').inputValue()).toBe(email);
      await tab.check();

      await tab.page.getByRole('link', { name: 'Forgot your password?' }).click();
      await tab.page.waitForURL('/forgot-password');
      await tab.check();
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByRole('button', { name: 'Mail me a link' }).click();
      await tab.page.getByRole('heading', { name: 'Check your mail' }).waitFor();

      const resetLink = await mailedLink(email, 'reset-password', 2);
      await tab.open(resetLink);
      if (javaScriptEnabled) {
        await tab.page.screenshot({ path: `${TEST_RESULTS}reset-password-${device}.png`, fullPage: true });
      }
      // Two different passwords: the API's message next to the second field.
      await tab.page.getByLabel('New password', { exact: true }).fill(passwords[1]);
      await tab.page.getByLabel('New password again').fill('something else entirely');
      await tab.page.getByRole('button', { name: 'Set the password' }).click();
      const mismatch = tab.page.locator('#field-confirmed_password-error');
      // In the page's words, and only there: no summary repeats what the fields say.
      expect(await mismatch.textContent()).toBe('Does not match “New password”');
      expect(await tab.page.getByRole('alert').count()).toBe(0);
      if (javaScriptEnabled) {
        await tab.page.screenshot({
          path: `${TEST_RESULTS}reset-password-refused-${device}.png`,
          fullPage: true,
        });
      }
      expect(await tab.page.getByLabel('New password again').getAttribute('aria-describedby')).toBe(
        'field-confirmed_password-error',
      );
      // The link is still good: no word of a new one.
      expect(await tab.page.getByRole('link', { name: 'Ask for a new one' }).count()).toBe(0);
      await tab.check();

      await tab.page.getByLabel('New password', { exact: true }).fill(passwords[1]);
      await tab.page.getByLabel('New password again').fill(passwords[1]);
      await tab.page.getByRole('button', { name: 'Set the password' }).click();
      await tab.page.getByRole('heading', { name: 'Your password is set' }).waitFor();

      await tab.page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await tab.page.waitForURL('/login');
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByLabel('Password').fill(passwords[1]);
      await tab.page.getByRole('button', { name: 'Log in' }).click();
      await tab.page.getByText('You are logged in as Ada Lovelace').waitFor();
      expect(await heading()).toBe('Poetry');

      // The link again: used up, which the page says, with the way to a new one.
      await tab.open(resetLink);
      await tab.page.getByLabel('New password', { exact: true }).fill(passwords[0]);
      await tab.page.getByLabel('New password again').fill(passwords[0]);
      await tab.page.getByRole('button', { name: 'Set the password' }).click();
      expect(await tab.page.getByRole('alert').textContent()).toBe(
        'This link is not valid: it was used already, has expired, or is not ours',
      );
      await tab.page.getByRole('link', { name: 'Ask for a new one' }).waitFor();

      expect(tab.errors).toEqual([]);
    });

    it('stops the mails about new poems by the link in one, after a confirming button; the used link says so', async () => {
      const poet = await signedUpAuthor(service.url, 'Emily', 'Dickinson');
      const reader = await signedUpAuthor(service.url, 'Ada', 'Lovelace');
      const verification = new URL(await mailedLink(reader.email, 'verify-email', 1));
      await reader.client.auth.verifyEmail({ body: { token: verification.searchParams.get('token') ?? '' } });
      await reader.client.author.followers.follow({ params: { authorId: poet.author.id } });
      await writePoem(poet.client, { title: 'Hope is the thing with feathers' });
      const link = await mailedLink(reader.email, 'unsubscribe', 2);

      // Opening the link (as a mail scanner does) changes nothing.
      await tab.open(link);
      await tab.check();
      expect((await reader.client.me.get()).author.new_poem_mail).toBe('each');
      await tab.page.getByRole('button', { name: 'Stop the mails' }).click();
      await tab.page.getByRole('heading', { name: 'No more mails about new poems' }).waitFor();
      expect((await reader.client.me.get()).author.new_poem_mail).toBe('off');

      await tab.open(link);
      await tab.page.getByRole('button', { name: 'Stop the mails' }).click();
      expect(await tab.page.getByRole('alert').textContent()).toBe(
        'This link is not valid: it was used already, has expired, or is not ours',
      );
      expect(tab.errors).toEqual([]);
    });
  });
}

describe('the service log', () => {
  it('holds no mailed token, though the pages were opened and posted with them in the address', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(8);
    const log = service.log.join('\n');
    // Opened and posted, with JavaScript and without: the page's own URL each time.
    expect(log).toContain('"GET","url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"POST","url":"/reset-password?token=[redacted]"');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
