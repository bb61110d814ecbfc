import { Command, CommanderError } from 'commander';
import { authCommands } from './commands/auth.js';
import { poemCommands } from './commands/poem.js';
import { readingCommands } from './commands/reading.js';
import { EXIT_USAGE } from './lib/output.js';

const program = new Command('poetry')
  .description('Write, publish and read poems on a poetry service, from the terminal.')
  .version('0.1.0')
  .option('--server <url>', 'the service to talk to', process.env.POETRY_API_URL ?? 'http://localhost:3000')
  .option('--json', 'print JSON instead of text, for scripts')
  .showHelpAfterError()
  .exitOverride()
  .addHelpText(
    'after',
    '\nExample:\n  $ poetry login --email ada@example.com && poetry poem new --title Ode < ode.txt',
  );

authCommands(program);
poemCommands(program);
readingCommands(program);

try {
  await program.parseAsync();
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // --help and --version end this way too, with exit code 0.
  process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
}
