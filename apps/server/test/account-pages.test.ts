import { mkdir } from 'node:fs/promises';
import { writePoem } from '@poetry/test-support/poems';
import { useSmtpServer } from '@poetry/test-support/smtp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAuthor } from './support/authors.js';
import { launchChromium } from './support/browser.js';
import { BROWSER_SETTINGS, submit, useBrowserPage } from './support/browser-page.js';
import { expectRefusedForm } from './support/refused-form.js';
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
    startService({ SMTP_URL: smtp.url, GENERAL_REQUESTS_PER_IP: '100000', SIGNUPS_PER_IP: '1000' }),
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

      // A wrong password: said above the form (for neither field: the API does not say which), with
      // the way to a new one; the address kept in its field.
      await tab.open('/login');
      await tab.page.getByLabel('Email').fill(email);
      await tab.page.getByLabel('Password').fill('not the password');
      await tab.page.getByRole('button', { name: 'Log in' }).click();
      await expectRefusedForm(tab.page, {
        said: ['The email address or the password is not right. Check both, or set a new password by mail.'],
      });
      expect(await tab.page.title()).toBe('Error: Log in · Poetry');
      expect(await tab.page.getByLabel('Email').inputValue()).toBe(email);
      await tab.check();
      if (javaScriptEnabled) {
        await tab.page.screenshot({ path: `${TEST_RESULTS}login-refused-${device}.png`, fullPage: true });
      }

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
      // Two different passwords: said next to the second field, and in the summary, which leads there.
      await tab.page.getByLabel('New password', { exact: true }).fill(passwords[1]);
      await tab.page.getByLabel('New password again').fill('something else entirely');
      await tab.page.getByRole('button', { name: 'Set the password' }).click();
      await expectRefusedForm(tab.page, {
        fields: {
          confirmed_password:
            'The two passwords are not the same. Type the new password again in both fields.',
        },
      });
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
      await expectRefusedForm(tab.page, {
        said: ['This link to set a new password was used already, or has expired. Ask for a new one.'],
      });
      expect(await tab.main().getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe(
        '/forgot-password',
      );

      expect(tab.errors).toEqual([]);
    });

    it('refuses a signup field by field, each problem said in a sentence and linked from the summary; a taken address leads to log in or a new password', async () => {
      const existing = await signedUpAuthor(service.url, 'Mary', 'Shelley');
      const fill = async (firstname: string, email: string, password: string) => {
        await tab.page.getByLabel('First name').fill(firstname);
        await tab.page.getByLabel('Last name').fill('Godwin');
        await tab.page.getByLabel('Email').fill(email);
        await tab.page.getByLabel('Password').fill(password);
        return submit(tab.page, tab.page.getByRole('button', { name: 'Sign up' }));
      };
      await tab.open('/signup');
      expect(await tab.page.title()).toBe('Sign up · Poetry');
      expect(await tab.main().locator('.problem-summary').count()).toBe(0);

      // A name of spaces only, and a short password: two problems, in the form's order.
      expect(await fill('   ', 'mary@example.com', 'short')).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: {
          firstname: 'Enter your first name.',
          password: 'Your password must be at least 8 characters.',
        },
      });
      expect(await tab.page.title()).toBe('Error: Sign up · Poetry');
      await tab.check();
      if (!javaScriptEnabled) {
        await tab.page.screenshot({ path: `${TEST_RESULTS}signup-refused-${device}.png`, fullPage: true });
      }

      expect(await fill('Mary', 'mary@example.com', 'password')).toBe(400);
      await expectRefusedForm(tab.page, {
        fields: {
          password:
            'This password is one of the most common, which makes it easy to guess. Choose another: a few words that do not go together make a strong one.',
        },
      });

      expect(await fill('Mary', existing.email, 'a frankly unusual password')).toBe(409);
      await expectRefusedForm(tab.page, { fields: { email: 'This email address already has an account.' } });
      const next = tab.page.locator('#field-email-error');
      expect(await next.textContent()).toBe(
        'This email address already has an account. Log in or set a new password.',
      );
      expect(await next.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(await next.getByRole('link', { name: 'set a new password' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      await tab.check();
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
      await expectRefusedForm(tab.page, {
        said: ['This link was used already, or has expired. Choose the mails you get on your account page.'],
      });
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
