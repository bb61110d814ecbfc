import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createMailComposer, type IssueToken } from './compose.js';
import { createMailTransport } from './transport.js';
import { startMailWorker } from './worker.js';

/**
 * The mail worker with its transport (SMTP or the outbox folder), as the config says.
 * `issueToken` makes the tokens of mailed links (the auth module's, handed in so that mail
 * depends on no module).
 */
export function startMailer({
  config,
  pool,
  logger,
  issueToken,
}: {
  config: Config;
  pool: pg.Pool;
  logger: Logger;
  issueToken: IssueToken;
}) {
  return startMailWorker({
    pool,
    compose: createMailComposer({ pool, issueToken, publicUrl: config.publicUrl }),
    transport: createMailTransport(config.mail, logger),
    logger,
    config: config.mail,
  });
}
