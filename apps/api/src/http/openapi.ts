import { buildOpenApiDocument } from '@poetry/contract/openapi';
import { type RequestHandler, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { onPaths } from './in-sequence.js';

/** `GET /api/openapi.json`, generated from the contract, and a docs page over it at `/api/docs`. */
export function openApiRoutes(publicUrl: string): RequestHandler {
  const document = buildOpenApiDocument({ serverUrl: publicUrl });
  const router = Router();
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/api/docs', swaggerUi.serve, swaggerUi.setup(document));
  return onPaths((path) => path === '/api/openapi.json' || path.startsWith('/api/docs'), router);
}
