import type { Request } from 'express';

/**
 * Whether a request sends a body of at least one byte: chunked, or a stated length above 0. A
 * post with nothing in it (`Content-Length: 0`, as the poem page's read counter sends) has no
 * media type to refuse.
 */
export const carriesBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
