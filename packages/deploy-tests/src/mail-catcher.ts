import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on loopback that writes each mail it accepts to `dir`, as `<n>.eml` in the
 * order received: an outbox folder as the contract suite reads one (`CONTRACT_OUTBOX_DIR`).
 */
export async function startMailCatcher() {
  const dir = await mkdtemp(path.join(tmpdir(), 'poetry-mail-'));
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    // The service keeps its SMTP connection open: closing ends it at once, not after 30 s.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const file = path.join(dir, `${String(++received).padStart(8, '0')}.eml`);
      // Written under another name first, so that no reader parses half a mail.
      pipeline(stream, createWriteStream(`${file}.part`))
        .then(() => rename(`${file}.part`, file))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
