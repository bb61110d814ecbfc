import http from 'node:http';
import type {
  Express,
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from 'express';
import { expressObjectClasses } from './express-objects.js';
import { pastTheLastLayer } from './problem.js';

/**
 * The HTTP server for `app`, creating each request and response with Express's prototypes from
 * the start (`express-objects.ts`). A request that runs past the app's last layer goes to
 * `pastTheLastLayer`, not finalhandler.
 */
export function createHttpServer(app: Express): http.Server {
  const { Request, Response } = expressObjectClasses(app);
  // An Express app is middleware too: called with `next`, it hands over what runs past its stack.
  const handle: RequestHandler = app;
  return http.createServer({ IncomingMessage: Request, ServerResponse: Response }, (incoming, outgoing) => {
    // Made with Express's prototypes (above): they are Express's request and response.
    const req = incoming as ExpressRequest;
    const res = outgoing as ExpressResponse;
    handle(req, res, pastTheLastLayer(req, res));
  });
}
