import type { Command } from 'commander';

/** `command` and every command under it, each before its subcommands. */
export function* commandsOf(command: Command): Generator<Command> {
  yield command;
  for (const subcommand of command.commands) yield* commandsOf(subcommand);
}

/** The words that run `command`: `poet collection image set`. */
export const commandPath = (command: Command): string =>
  command.parent ? `${commandPath(command.parent)} ${command.name()}` : command.name();
