import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { inject } from 'vitest';

type Mail = { to: string; text: string };

const parsed = new Map<string, Mail>();

/** Every mail the server has written to its outbox folder `dir` so far, oldest first. */
async function outbox(dir: string | null): Promise<Mail[]> {
  if (!dir) throw new Error('reading mail needs the outbox folder of the server (CONTRACT_OUTBOX_DIR)');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => path.join(dir, file));
  for (const file of files) {
    if (parsed.has(file)) continue;
    const mail = await simpleParser(await readFile(file));
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    parsed.set(file, { to: to?.value[0]?.address ?? '', text: mail.text ?? '' });
  }
  return files.map((file) => parsed.get(file) as Mail);
}

/** The tokens of the links to `page` (`verify-email`, `reset-password`) mailed to `address` so far. */
async function tokensFor(dir: string | null, address: string, page: string): Promise<string[]> {
  const link = new RegExp(`/${page}\\?token=([\\w-]+)`);
  return (await outbox(dir))
    .filter((mail) => mail.to === address)
    .flatMap((mail) => link.exec(mail.text)?.[1] ?? []);
}

/**
 * Runs `send` (the request that mails a link to `page`) and waits for that mail to reach
 * `address`; answers the link's token. `outboxDir`: the server's; default: the suite's target's.
 */
export async function mailedToken(
  address: string,
  page: string,
  send: () => Promise<unknown>,
  outboxDir = inject('target').outboxDir,
): Promise<string> {
  const before = (await tokensFor(outboxDir, address, page)).length;
  await send();
  // The worker polls every 50 ms; the bound is for a machine busy with other suites, and under
  // the test's own timeout (30 s), so that a mail that never comes is named as the failure.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const token = (await tokensFor(outboxDir, address, page))[before];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no ${page} mail reached ${address} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const canReadMail = () => inject('target').outboxDir !== null;
