import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { hash, verify } from '@node-rs/argon2';
import { validationFailed } from '../../errors.js';
import { passwordVerifications } from '../../metrics/password-verifications.js';

// argon2id (the library's default algorithm) with the parameters OWASP recommends.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

const unusedHash = hashPassword('a password that matches no account');

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still spends the
 * time of one verification, so a wrong email and a wrong password cannot be told apart by timing.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string) {
  passwordVerifications.inc();
  const matches = await verify(passwordHash ?? (await unusedHash), password);
  return passwordHash !== undefined && matches;
}

/**
 * Refuses what is guessed first: the account's email (compared as the contract does) and the
 * most common passwords. `path` names the field in the 400.
 */
export async function assertAcceptablePassword(password: string, email: string, path = 'password') {
  if (password.trim().toLowerCase() === email.toLowerCase()) {
    throw validationFailed([{ path, code: 'same_as_email', message: 'must not be your email address' }]);
  }
  if (await isCommonPassword(password)) {
    throw validationFailed([
      { path, code: 'too_common', message: 'is too common: choose one that is harder to guess' },
    ]);
  }
}

const LIST_SIZE = 10_000;

// zxcvbn-ts's list is ranked by frequency. Loading the package decompresses all of it (~49,000
// passwords): 60–270 ms of CPU measured on this machine, which in the API's thread would hold the
// event loop that long. A worker thread does it and sends back the first LIST_SIZE.
const LOAD_LIST = `
const { parentPort, workerData } = require('node:worker_threads');
const { dictionary } = require(workerData.packagePath);
parentPort.postMessage(dictionary['passwords-common'].slice(0, workerData.size));
`;

let list: Promise<ReadonlySet<string>> | undefined;

async function loadList(): Promise<ReadonlySet<string>> {
  const packagePath = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common');
  const worker = new Worker(LOAD_LIST, { eval: true, workerData: { packagePath, size: LIST_SIZE } });
  const [passwords] = (await once(worker, 'message')) as [string[]];
  return new Set(passwords.map((password) => password.toLowerCase()));
}

/** Whether `password` is among the 10,000 most common, whatever its case. Loads the list at first use. */
async function isCommonPassword(password: string): Promise<boolean> {
  list ??= loadList();
  return (await list).has(password.toLowerCase());
}
