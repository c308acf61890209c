import { Router, type Request, type RequestHandler } from 'express';
import { currentUser } from '../../http/auth';
import { errorHandler, notFound } from '../../http/errors';
import { jsonBody } from '../../http/jsonBody';
import { sendFile, type FileDownload } from '../../http/sendFile';
import { rejectUnstorableText } from '../../http/textGuard';
import { validate } from '../../http/validate';
import { rateLimited } from '../../infra/rateLimit';
import { toActor } from '../../policies';
import type { Runtime } from '../../runtimeTypes';
import { bearerAuth, requireScope } from './auth';
import { idempotent } from './idempotency';
import { openApiDocument } from './openapi';
import { V1_ROUTES } from './routes';

const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The public API (issue 30), mounted at /api/v1 before the web's /api stack: no session, no cookie, no same-origin
 * check (a bearer key is not sent by a browser on its own); an API key on every call but the OpenAPI document.
 */
export function createPublicApi(rt: Runtime): Router {
  const router = Router();
  router.use(...jsonBody());
  router.use(rejectUnstorableText);
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  router.use(bearerAuth(rt));
  router.use(idempotent);

  for (const route of V1_ROUTES) {
    const check = validate({ query: route.query, body: route.body });
    const limits: RequestHandler[] =
      route.method === 'get'
        ? []
        : [rateLimited('writes'), ...(route.limit ? [rateLimited(route.limit)] : [])];
    router[route.method](
      expressPath(route.path),
      requireScope(route.scope),
      ...limits,
      check,
      async (req: Request, res) => {
        const user = currentUser(req);
        const input = check.input(res);
        const result = await route.handle({
          actor: toActor(user),
          user,
          params: req.params as Record<string, string>,
          query: input.query,
          body: input.body,
        });
        if (route.produces) {
          const file = result as Omit<FileDownload, 'mimeType'>;
          await sendFile(
            res,
            { ...file, mimeType: route.produces },
            {
              cacheControl: 'private, no-store',
              disposition: 'attachment',
              headers: { 'X-Content-Type-Options': 'nosniff' },
            },
          );
          return;
        }
        res.status(route.status).json(result);
      },
    );
  }
  router.use((req, _res, next) => next(notFound(`No API route ${req.method} ${req.path}`)));
  router.use(
    errorHandler(
      (msg, err) => rt.log.error(msg, err),
      (body) => ({ error: body }),
    ),
  );
  return router;
}
