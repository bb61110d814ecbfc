import type { RequestHandler } from 'express';

/**
 * Middleware run one after another as one Express layer: what `app.use` does for each, without
 * Express's bookkeeping between them (a layer match, a params object and a closure each), which
 * every request paid about fifteen times before reaching its route.
 */
export function inSequence(handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown) => {
      const handler = handlers[index++];
      if (error || !handler) return done(error);
      try {
        handler(req, res, next);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

/** `handler` for the requests whose path `serves` accepts; the others go on. */
export function onPaths(serves: (path: string) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (serves(req.path) ? handler(req, res, next) : next());
}
