import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print } from '../lib/output.js';
import { ask } from '../lib/prompt.js';
import { usageError } from '../lib/usage.js';

export function accountCommands(program: Command) {
  const account = program
    .command('account')
    .description('your account as a whole')
    .addHelpText('after', example('poet account delete'));

  account
    .command('delete')
    .option('--yes', 'do not ask (for scripts: without a terminal, nothing is deleted without it)')
    .description(
      'delete your account and all it holds: poems, collections, follows, likes, photos; logs you out',
    )
    .addHelpText('after', example('poet account delete', 'poet account delete --yes'))
    .action(
      action(async ({ client, output, command }, options: { yes?: boolean }) => {
        if (!options.yes) {
          if (!process.stdin.isTTY)
            usageError(command, 'not deleted: without a terminal to confirm, give --yes');
          const { author } = await client.me.get();
          const question = `This deletes @${author.username} and all it holds. Type your username to confirm: `;
          if ((await ask(question)).trim() !== author.username)
            usageError(command, 'not confirmed; nothing was deleted');
        }
        // The server ends the session too: the CLI then forgets it, as after `poet logout`.
        print(output, await client.me.delete(), ({ author }) => `Deleted the account @${author.username}.`);
      }),
    );
}
