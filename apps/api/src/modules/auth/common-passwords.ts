import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

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
export async function isCommonPassword(password: string): Promise<boolean> {
  list ??= loadList();
  return (await list).has(password.toLowerCase());
}
