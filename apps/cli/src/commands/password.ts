import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { secret } from '../lib/input.js';
import { print } from '../lib/output.js';
import { usageError } from '../lib/usage.js';

/** A new password and its confirmation: typed twice at a terminal, taken once from stdin. */
async function newPassword(command: Command): Promise<[password: string, again: string]> {
  const password = await secret(command, 'new password');
  return [password, process.stdin.isTTY ? await secret(command, 'new password again') : password];
}

export function passwordCommands(program: Command) {
  const password = program
    .command('password')
    .description('change your password, or reset a forgotten one')
    .addHelpText(
      'after',
      example('poet password change', 'poet password forgot ada@example.com', 'poet password reset'),
    );

  password
    .command('change')
    .description(
      'change your password (asked without echo, or two lines of stdin: current, new); ' +
        'logs out your other sessions',
    )
    .addHelpText(
      'after',
      example('poet password change', 'printf "%s\\n%s\\n" "$OLD" "$NEW" | poet password change'),
    )
    .action(
      action(async ({ client, output, command }) => {
        const currentPassword = await secret(command, 'current password');
        const [password, again] = await newPassword(command);
        if (again !== password) usageError(command, 'the two new passwords differ; nothing was changed');
        print(
          output,
          await client.me.update({ body: { password, current_password: currentPassword } }),
          () => 'Password changed. Your other sessions are logged out.',
        );
      }),
    );

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
      example('poet password reset', 'printf "%s\\n%s\\n" "$TOKEN" "$NEW_PASSWORD" | poet password reset'),
    )
    .action(
      action(async ({ client, output, command }) => {
        const token = (await secret(command, 'token from the mail')).trim();
        const [password, confirmed] = await newPassword(command);
        const body = { token, new_password: password, confirmed_password: confirmed };
        print(
          output,
          await client.auth.resetPassword({ body }),
          () => 'Password changed. Log in with the new one.',
        );
      }),
    );
}
