import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createTokens } from '../modules/auth/tokens.js';
import { createMailComposer } from './compose.js';
import { createMailTransport } from './transport.js';
import { startMailWorker } from './worker.js';

/** The mail worker with its transport (SMTP or the outbox folder), as the config says. */
export function startMailer({ config, pool, logger }: { config: Config; pool: pg.Pool; logger: Logger }) {
  return startMailWorker({
    pool,
    compose: createMailComposer({ pool, tokens: createTokens(pool), publicUrl: config.publicUrl }),
    transport: createMailTransport(config.mail, logger),
    logger,
    config: config.mail,
  });
}
