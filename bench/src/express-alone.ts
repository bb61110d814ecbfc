import express from 'express';
import { run } from './floor/db.js';
import { notFound, poem } from './floor/json.js';

/**
 * Express alone: a plain Express 4 app with the one route of scenario 1, answering it with the
 * floor's SQL and JSON, served as an Express app usually is (`app.listen`). Its req/s beside the
 * floor's is what Express itself costs per request. It is no ceiling for the API, which makes its
 * requests and responses with Express's prototypes from the start (apps/api express-server.ts).
 */
const { PORT } = process.env;

const app = express();
app.disable('x-powered-by');
app.get('/api/poem/:id', (req, res, next) => {
  run('publishedPoem', [null, req.params.id]).then(({ rows: [row] }) => {
    if (row) res.json({ poem: poem(row) });
    else res.status(404).json(notFound);
  }, next);
});
// For the bench's readiness check; after the measured route, so its requests never reach it.
app.get('/healthz', (_req, res) => {
  res.end();
});
app.listen(Number(PORT), '127.0.0.1', () => console.log(`Express alone listening on ${PORT}`));
