import { DriverException } from '@mikro-orm/core';
import { type DestinationStream, pino } from 'pino';
import type { Config } from './config.js';

/** JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream) {
  return pino(
    {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Applies to child loggers too (each request's), before the `err` serializer.
      formatters: {
        log: (object) =>
          object.err instanceof DriverException ? { ...object, err: withoutStatement(object.err) } : object,
      },
    },
    destination,
  );
}

/**
 * MikroORM's database errors begin with the failed statement, its values written in: a password
 * hash, an email. The log keeps the database's message, the error's fields and the stack frames.
 */
function withoutStatement(error: DriverException): Error {
  const message = error.message.slice(error.message.lastIndexOf(' - ') + ' - '.length);
  const safe = Object.assign(new Error(message), error, { name: error.name, message });
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  return safe;
}
