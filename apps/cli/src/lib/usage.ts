import type { Command } from 'commander';
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
