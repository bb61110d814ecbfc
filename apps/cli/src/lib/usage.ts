import { type Argument, type Command, InvalidArgumentError, type Option } from 'commander';
import { commandPath, commandsOf } from './command-tree.js';
import { EXIT_USAGE } from './output.js';

/** Ends the command as a usage error (exit 2): nothing was sent. */
export const usageError = (command: Command, message: string): never =>
  command.error(`error: ${message}`, { exitCode: EXIT_USAGE });

/** A usage error unless exactly one of `given` is there ("an author or --collection <id>"). */
export function exactlyOne(command: Command, what: string, ...given: unknown[]) {
  if (given.filter((value) => value !== undefined).length !== 1)
    usageError(command, `give ${what}, not both`);
}

/** A usage error when an edit command is given nothing to change. */
export function someChange(command: Command, fields: object, flags: string) {
  if (Object.keys(fields).length === 0) usageError(command, `nothing to change: give ${flags}`);
}

/**
 * After a usage error, every command prints its usage line and where to read more, as git does,
 * rather than its whole help: the error stays the first thing read.
 */
export function usageLineAfterErrors(program: Command) {
  for (const command of commandsOf(program)) {
    const usage = command.createHelp().commandUsage(command);
    command.showHelpAfterError(`Usage: ${usage}\nRun '${commandPath(command)} --help' for more.`);
  }
}

/** `parse`, after refusing an empty or blank value. */
const notBlank =
  (parse: ((value: string, previous: unknown) => unknown) | undefined) =>
  (value: string, previous: unknown) => {
    if (value.trim() === '') throw new InvalidArgumentError('It is empty.');
    return parse ? parse(value, previous) : value;
  };

/**
 * Every argument and every required option refuses an empty or blank value, before anything is
 * sent: it names nothing (an id, a username, an address, a file), and `poet poem rm ''` would
 * call another route. Options that may be empty (`--bio ""` removes the bio) keep their values.
 * A variadic argument's words are left as they are: a blank search word is harmless.
 */
export function refuseBlankValues(program: Command) {
  for (const command of commandsOf(program)) {
    const values: (Argument | Option)[] = [
      ...command.registeredArguments.filter((argument) => !argument.variadic),
      ...command.options.filter((option) => option.mandatory),
    ];
    for (const value of values) value.argParser(notBlank(value.parseArg));
  }
}
