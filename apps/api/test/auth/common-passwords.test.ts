import { randomUUID } from 'node:crypto';
import { tokenIn, useSmtpServer } from '@poetry/test-support/smtp';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { expectProblem } from '../support/problems.js';
import { send } from '../support/raw.js';
import { useTestServer } from '../support/server.js';

const smtp = useSmtpServer();
const server = useTestServer(() => ({ SMTP_URL: smtp.url }));

// Among the most common passwords, whatever their case; each is long enough for the length rule.
const COMMON = ['password', '123456789', 'qwertyuiop', 'PassWord'];

describe('a password among the 10,000 most common', () => {
  it.each(COMMON)('"%s" is refused at signup with 400 on password', async (password) => {
    await expectProblem(
      send(`${server.url}/api/auth/signup`, 'POST', {
        body: { email: `common-${randomUUID()}@example.com`, password, firstname: 'C', lastname: 'P' },
      }),
      400,
      'validation_failed',
      ['password'],
    );
  });

  it.each(COMMON)('"%s" is refused as a new password with 400 on password', async (password) => {
    const client = server.client();
    await signUp(client);
    await expect(client.me.update({ body: { password, current_password: PASSWORD } })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'password', code: 'too_common' }],
    });
  });

  it.each(COMMON)('"%s" is refused by a reset with 400 on new_password', async (password) => {
    const author = await signUp(server.client());
    await smtp.waitFor(author.email);
    await send(`${server.url}/api/auth/forgot-password`, 'POST', { body: { email: author.email } });
    const token = tokenIn(await smtp.waitFor(author.email, { nth: 2 }));
    await expectProblem(
      send(`${server.url}/api/auth/reset-password`, 'POST', {
        body: { token, new_password: password, confirmed_password: password },
      }),
      400,
      'validation_failed',
      ['new_password'],
    );
  });
});
