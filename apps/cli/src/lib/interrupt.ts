import os from 'node:os';

/** The signals that end poet: Ctrl-C, a `kill`, the terminal closing. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type EndingSignal = (typeof ENDING_SIGNALS)[number];

export const isEndingSignal = (signal: string | null): signal is EndingSignal =>
  (ENDING_SIGNALS as readonly (string | null)[]).includes(signal);

/**
 * What a signal that ends poet undoes first, the latest first: a temporary folder, an editor
 * still running, a prompt. Synchronous, as poet exits right after.
 */
const undoers = new Set<(signal: EndingSignal) => void>();

/** Programs running in the foreground (the editor): Ctrl-C is theirs, and they decide whether it ends them. */
let inForegroundNow = 0;

/** Ends poet as `signal` does, once what is registered is undone: exit 128 + its number (130 for Ctrl-C). */
export function endBy(signal: EndingSignal): never {
  for (const undo of [...undoers].reverse()) {
    try {
      undo(signal);
    } catch {
      // Poet is ending: what one undoer could not undo must not keep the others from running.
    }
  }
  process.exit(128 + os.constants.signals[signal]);
}

/** Handles the ending signals for the rest of the run: called once, at the start. */
export function endOnSignals() {
  for (const signal of ENDING_SIGNALS) {
    process.on(signal, () => {
      // The terminal sent Ctrl-C to the editor too: if it ends, poet ends with it (`writeInEditor`).
      if (signal === 'SIGINT' && inForegroundNow > 0) return;
      endBy(signal);
    });
  }
}

/** Runs `work`; if a signal ends poet meanwhile, `undo` runs first. */
export async function undoingOnSignal<T>(
  undo: (signal: EndingSignal) => void,
  work: () => Promise<T>,
): Promise<T> {
  undoers.add(undo);
  try {
    return await work();
  } finally {
    undoers.delete(undo);
  }
}

/** Runs `work`, which waits on a program in the foreground of the terminal, leaving Ctrl-C to it (as git does). */
export async function inForeground<T>(work: () => Promise<T>): Promise<T> {
  inForegroundNow += 1;
  try {
    return await work();
  } finally {
    inForegroundNow -= 1;
  }
}
