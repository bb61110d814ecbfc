import { Command, CommanderError, Option } from 'commander';
import { authCommands } from './commands/auth.js';
import { authorsCommands } from './commands/authors.js';
import { collectionCommands } from './commands/collection.js';
import { discoverCommands } from './commands/discover.js';
import { emailCommands } from './commands/email.js';
import { passwordCommands } from './commands/password.js';
import { photoCommands } from './commands/photo.js';
import { poemCommands } from './commands/poem.js';
import { socialCommands } from './commands/social.js';
import { example } from './lib/context.js';
import { usageOutput } from './lib/failure.js';
import { EXIT_USAGE } from './lib/output.js';
import { serverUrl } from './lib/server-url.js';

// Settings made before `.command()` calls are inherited by every subcommand.
const program: Command = new Command('poet')
  .description('Write, publish and read poems on a poetry service, from the terminal.')
  .version('0.1.0')
  .addOption(
    new Option('--server <url>', 'the service to talk to')
      .env('POETRY_API_URL')
      .default('http://localhost:3000')
      .argParser(serverUrl),
  )
  .option('--json', 'print the JSON answer instead of text, and failures as JSON on stderr, for scripts')
  .configureHelp({ showGlobalOptions: true })
  .configureOutput(usageOutput(() => program.opts().json === true))
  .showHelpAfterError()
  .exitOverride()
  .addHelpText('after', example('poet login --email ada@example.com', 'poet poem new --title Ode < ode.txt'));

authCommands(program);
poemCommands(program);
collectionCommands(program);
discoverCommands(program);
socialCommands(program);
authorsCommands(program);
photoCommands(program);
passwordCommands(program);
emailCommands(program);

try {
  await program.parseAsync();
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // --help and --version end this way too, with exit code 0.
  process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
}
