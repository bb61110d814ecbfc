import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { secret } from '../lib/input.js';
import { print } from '../lib/output.js';

export function passwordCommands(program: Command) {
  const password = program
    .command('password')
    .description('forgotten passwords')
    .addHelpText('after', example('poet password forgot ada@example.com', 'poet password reset'));

  password
    .command('forgot')
    .argument('<email>', 'the email address of the account')
    .description('mail a password-reset link')
    .addHelpText('after', example('poet password forgot ada@example.com'))
    .action(
      action(async ({ client, output }, email: string) => {
        print(
          output,
          await client.auth.forgotPassword({ body: { email } }),
          () => `If ${email} has an account, a reset link is on its way.`,
        );
      }),
    );

  password
    .command('reset')
    .description(
      'set a new password with the token from the reset mail (asked for, or two lines of stdin: token, password)',
    )
    .addHelpText(
      'after',
      example(
        'poet password reset',
        'printf "%s\\n%s\\n" "$TOKEN" "$NEW_PASSWORD" | poet password reset',
      ),
    )
    .action(
      action(async ({ client, output }) => {
        const token = (await secret('Token from the mail: ')).trim();
        const newPassword = await secret('New password: ');
        // At a terminal the password is typed twice; from stdin it is taken as given.
        const confirmed = process.stdin.isTTY ? await secret('New password again: ') : newPassword;
        const body = { token, new_password: newPassword, confirmed_password: confirmed };
        print(
          output,
          await client.auth.resetPassword({ body }),
          () => 'Password changed. Log in with the new one.',
        );
      }),
    );
}
