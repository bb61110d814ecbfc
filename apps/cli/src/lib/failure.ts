import { ApiError, NetworkError } from '@poetry/sdk';
import type { OutputConfiguration } from 'commander';
import { EXIT_REFUSED, type Output } from './output.js';
import { NoServiceAnswer } from './service-fetch.js';

/**
 * An expected failure as it is printed: the server's problem, or one of the command's own (a
 * server out of reach, a file that cannot be read, a usage error) in the same shape.
 */
export type Failure = {
  status?: number;
  code: string;
  detail: string;
  errors?: { path: string; message: string }[];
  error_count?: number;
  /** Where the text the author wrote is kept, when the command failed after they wrote it. */
  kept?: string;
};

/** A failure poet finds itself, without asking the service (or before): printed like the service's. */
export class LocalFailure extends Error {
  override name = 'LocalFailure';
  constructor(
    readonly failure: Failure,
    readonly exitCode = EXIT_REFUSED,
  ) {
    super(failure.detail);
  }
}

/** Where a poem the author wrote is kept, and how to send it again. */
export const poemKeptIn = (file: string) =>
  `The poem you wrote is kept in ${file}: send it again with --file ${file}`;

/** The command failed (its `cause` says why) after the author wrote a poem: it is kept in `file`. */
export class PoemKept extends Error {
  override name = 'PoemKept';
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(poemKeptIn(file), { cause });
  }
}

const isSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';

type Explained = { failure: Failure; exitCode: number };

/** The failure `error` stands for and the exit code it ends with; undefined for a bug, which keeps its stack trace. */
export function failureOf(error: unknown): Explained | undefined {
  if (error instanceof PoemKept) {
    const explained = failureOf(error.cause);
    return explained && { ...explained, failure: { ...explained.failure, kept: error.file } };
  }
  if (error instanceof LocalFailure) return { failure: error.failure, exitCode: error.exitCode };
  const failure = serviceFailureOf(error);
  return failure && { failure, exitCode: EXIT_REFUSED };
}

function serviceFailureOf(error: unknown): Failure | undefined {
  if (error instanceof ApiError) {
    const { status, code, errors, errorCount } = error;
    return { status, code, detail: error.detail ?? error.message, errors, error_count: errorCount };
  }
  if (error instanceof NetworkError) {
    const { cause } = error;
    if (cause instanceof NoServiceAnswer) return { code: cause.code, detail: cause.message };
    return { code: 'unreachable', detail: error.message };
  }
  // A file that cannot be read, an editor that cannot be started: the message says which.
  if (isSystemError(error)) return { code: error.code ?? 'system_error', detail: error.message };
  return undefined;
}

function describe({ status, code, detail, errors = [], kept }: Failure): string {
  const fields = errors.map((error) => `  ${error.path}: ${error.message}`);
  const keptIn = kept ? [poemKeptIn(kept)] : [];
  return [status ? `${detail} (${status} ${code})` : detail, ...fields, ...keptIn].join('\n');
}

/** Prints a failure on stderr: as one line of JSON with `--json`, for scripts; else as text. */
export function printFailure(output: Output, failure: Failure) {
  console.error(output.json ? JSON.stringify(failure) : describe(failure));
}

/**
 * commander's output, with its usage errors as JSON failures under `--json`. The usage line after
 * an error is then left out, so that stderr holds only that JSON.
 */
export function usageOutput(isJson: () => boolean): OutputConfiguration {
  let reportedAsJson = false;
  return {
    outputError: (text, write) => {
      if (!isJson()) return write(text);
      const failure: Failure = { code: 'usage_error', detail: text.trim().replace(/^error: /, '') };
      write(`${JSON.stringify(failure)}\n`);
      reportedAsJson = true;
    },
    writeErr: (text) => {
      if (!reportedAsJson) process.stderr.write(text);
    },
  };
}
