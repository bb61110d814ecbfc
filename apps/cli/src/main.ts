import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { accountCommands } from './commands/account.js';
import { authCommands } from './commands/auth.js';
import { authorCommands } from './commands/author.js';
import { authorsCommands } from './commands/authors.js';
import { collectionCommands } from './commands/collection.js';
import { collectionsCommands } from './commands/collections.js';
import { completionCommands } from './commands/completion.js';
import { discoverCommands } from './commands/discover.js';
import { emailCommands } from './commands/email.js';
import { notificationsCommands } from './commands/notifications.js';
import { passwordCommands } from './commands/password.js';
import { photoCommands } from './commands/photo.js';
import { poemCommands } from './commands/poem.js';
import { profileCommands } from './commands/profile.js';
import { socialCommands } from './commands/social.js';
import { example } from './lib/context.js';
import { usageOutput } from './lib/failure.js';
import { endOnSignals } from './lib/interrupt.js';
import { EXIT_USAGE } from './lib/output.js';
import { serverUrl } from './lib/server-url.js';
import { timeoutSeconds } from './lib/timeout.js';
import { refuseBlankValues, usageLineAfterErrors } from './lib/usage.js';

// Settings made before `.command()` calls are inherited by every subcommand.
const program: Command = new Command('poet')
  .description('Write, publish and read poems on a poetry service, from the terminal.')
  .version(packageJson.version)
  .addOption(
    new Option('--server <url>', 'the service to talk to')
      .env('POETRY_API_URL')
      .default('http://localhost:3000')
      .argParser(serverUrl),
  )
  .addOption(
    new Option('--timeout <seconds>', 'how long to wait for each answer of the service')
      .env('POETRY_TIMEOUT')
      .default(60)
      .argParser(timeoutSeconds),
  )
  .option('--json', 'print the JSON answer instead of text, and failures as JSON on stderr, for scripts')
  .configureHelp({ showGlobalOptions: true })
  .configureOutput(usageOutput(() => program.opts().json === true))
  .exitOverride()
  .addHelpText('after', example('poet login --email ada@example.com', 'poet poem new --title Ode < ode.txt'));

authCommands(program);
profileCommands(program);
accountCommands(program);
poemCommands(program);
collectionCommands(program);
collectionsCommands(program);
discoverCommands(program);
socialCommands(program);
authorCommands(program);
authorsCommands(program);
photoCommands(program);
passwordCommands(program);
emailCommands(program);
notificationsCommands(program);
completionCommands(program);

usageLineAfterErrors(program);
refuseBlankValues(program);
endOnSignals();

// A reader that stops early (`poet poem list | head -1`) is not a failure of poet's.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

try {
  await program.parseAsync();
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // --help and --version end this way too, with exit code 0.
  process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
}
