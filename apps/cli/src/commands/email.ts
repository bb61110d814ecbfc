import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { secret } from '../lib/input.js';
import { print } from '../lib/output.js';

export function emailCommands(program: Command) {
  const email = program
    .command('email')
    .description('verify or change your email address')
    .addHelpText(
      'after',
      example('poet email verify <token>', 'poet email confirm', 'poet email change ada@example.org'),
    );

  email
    .command('verify')
    .argument('<token>', 'the token from the verification mail')
    .description('verify an email address')
    .addHelpText('after', example('poet email verify 3q2+7w…'))
    .action(
      action(async ({ client, output }, token: string) => {
        print(output, await client.auth.verifyEmail({ body: { token } }), () => 'Email verified.');
      }),
    );

  email
    .command('confirm')
    .description('mail yourself a new verification link')
    .addHelpText('after', example('poet email confirm'))
    .action(
      action(async ({ client, output }) => {
        print(
          output,
          await client.auth.requestEmailConfirmation(),
          () => 'A new verification link is on its way.',
        );
      }),
    );

  email
    .command('change')
    .argument('<email>', 'the new address')
    .description(
      'change your email address; asks for your password (without echo, or the first line of stdin) ' +
        'and mails the new address a verification link',
    )
    .addHelpText(
      'after',
      example('poet email change ada@example.org', 'pass show poetry | poet email change ada@example.org'),
    )
    .action(
      action(async ({ client, output, command }, email: string) => {
        const body = { email, current_password: await secret(command, 'current password') };
        print(
          output,
          await client.me.update({ body }),
          ({ author }) => `Email changed to ${author.email}. A verification link is on its way there.`,
        );
      }),
    );
}
