import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_MAX_AGE_MS } from '@freight/shared';
import { RedisStore } from 'connect-redis';
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { createClient } from 'redis';
import { featureRouters, seedTestAccounts, seeders } from './features';
import { accountPages } from './features/account/routes';
import { usePasswordChecks } from './features/account/passwordChecks';
import { unsubscribePages } from './features/notificationChannels/unsubscribe';
import { setLinkBase } from './features/account/links';
import { startOpenLoadBook, stopOpenLoadBook } from './features/freight/book/live';
import { disableTestAccounts } from './features/auth/testAccounts';
import { createPublicApi } from './features/publicApi';
import { loadUser } from './http/auth';
import { syncSignedInMarker } from './http/signedInMarker';
import { pageRenderer } from './http/pageRender';
import {
  compressResponses,
  prerenderedPages,
  sendPage,
  sendServerRendered,
  serveWebAssets,
} from './http/webAssets';
import { sessionRedisOptions } from './infra/availability';
import { errorHandler, notFoundApi } from './http/errors';
import { jsonBody } from './http/jsonBody';
import { sameOriginGuard } from './http/sameOrigin';
import { rejectUnstorableText } from './http/textGuard';
import { writeLimits } from './http/writeLimits';
import { attachGateway } from './realtime/gateway';
import type { Runtime } from './runtimeTypes';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The map tile origin must be allowed as an image source, or the CSP would blank the map. */
function tileSources(tileUrl: string): string[] {
  if (!tileUrl) return [];
  try {
    const u = new URL(tileUrl.replace('{s}', 'a'));
    return [tileUrl.includes('{s}.') ? `${u.protocol}//*.${u.host.split('.').slice(1).join('.')}` : u.origin];
  } catch {
    return [];
  }
}

export function createApp(rt: Runtime, sessionMiddleware: RequestHandler) {
  const app = express();
  app.disable('x-powered-by');
  if (rt.config.TRUST_PROXY) app.set('trust proxy', 1);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Chakra (emotion) injects its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(rt.config.MAP_TILE_URL)],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );
  app.use(compressResponses());
  // The public API (issue 30) has its own stack: API keys, no session.
  app.use('/api/v1', createPublicApi(rt));
  app.use('/api', sameOriginGuard(rt.config.PUBLIC_URL, rt.config.TRUST_PROXY));
  app.use('/api', ...jsonBody());
  // Before the session, every route, rate limit and write: text PostgreSQL cannot store is a 400 naming its field.
  app.use('/api', rejectUnstorableText);
  app.use('/api', sessionMiddleware);
  const withUser = loadUser({ testAccountsEnabled: rt.config.ENABLE_TEST_ACCOUNTS });
  app.use('/api', withUser, syncSignedInMarker);
  // Every signed-in write counts against the account's limits (route table in http/writeLimits.ts).
  app.use('/api', writeLimits);
  for (const router of featureRouters(rt)) app.use('/api', router);
  app.use('/api', notFoundApi);

  for (const [pagePath, handler] of accountPages()) app.get(pagePath, handler);
  for (const [method, pagePath, handler] of unsubscribePages()) app[method](pagePath, handler);
  const webDist = rt.config.WEB_DIST_DIR ? path.resolve(rt.config.WEB_DIST_DIR) : WEB_DIST;
  if (existsSync(webDist)) {
    app.use(serveWebAssets(webDist));
    const prerendered = prerenderedPages(webDist);
    // The page load carries the marker too, so a session from before the marker existed still shows as signed in;
    // the page is served whatever happens to the session store meanwhile.
    const markPage: RequestHandler = (req, res, next) => {
      const done = () => next();
      sessionMiddleware(req, res, (err?: unknown) => {
        if (err) return done();
        Promise.resolve(
          withUser(req, res, (e?: unknown) => (e ? done() : syncSignedInMarker(req, res, done))),
        ).catch(done);
      });
    };
    const renderer = pageRenderer(webDist, rt.log, rt.config.PAGE_RENDER_BUDGET_MS);
    app.get('/{*splat}', markPage, async (req, res) => {
      // The page itself renders 'Page Not Found'; the status says so too where the server knows.
      const hidden = req.path === '/simple-login' && !rt.config.ENABLE_TEST_ACCOUNTS;
      // A signed-in visitor's main screens come drawn (issue 24); anything else is index.html or a prerendered page.
      const drawn = !hidden && renderer ? await renderer.render(req) : null;
      if (drawn) return sendServerRendered(res, drawn);
      sendPage(webDist, prerendered, req, res, hidden ? 404 : 200);
    });
  } else {
    app.get('/{*splat}', (_req, res) => {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
    });
  }
  app.use(errorHandler((msg, err) => rt.log.error(msg, err)));
  return app;
}

export interface WebService {
  url: string;
  port: number;
  httpServer: http.Server;
  close(): Promise<void>;
}

export async function startWeb(
  rt: Runtime,
  opts: { port?: number; host?: string } = {},
): Promise<WebService> {
  const httpsPublic = /^https:/i.test(rt.config.PUBLIC_URL ?? '');
  const sessionRedis = createClient(sessionRedisOptions(rt.redisUrl));
  sessionRedis.on('error', (err: Error) => rt.log.debug(`session store: ${err.message}`));
  await sessionRedis.connect();
  const sessionMiddleware = session({
    name: 'fm.sid',
    store: new RedisStore({ client: sessionRedis, prefix: `${rt.redisPrefix}sess:` }),
    secret: rt.secrets.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // Behind an https PUBLIC_URL the cookie is always Secure (issue 25); the proxy's X-Forwarded-Proto then says the
    // request was https (express-session sets a Secure cookie only on one).
    proxy: httpsPublic ? true : undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: httpsPublic ? true : 'auto',
      maxAge: SESSION_MAX_AGE_MS,
    },
  });

  if (rt.config.ENABLE_TEST_ACCOUNTS && rt.config.NODE_ENV !== 'test') {
    await seedTestAccounts();
    for (const seed of seeders) await seed(rt);
  } else if (rt.config.ENABLE_TEST_ACCOUNTS) {
    await seedTestAccounts(); // tests seed their own data
  } else {
    const disabled = await disableTestAccounts();
    if (disabled) rt.log.info(`Test accounts are off: ${disabled} test accounts can no longer sign in`);
  }

  // The runtime has already repaired what a crash left half-done, so the book is built from consistent loads.
  const book = await startOpenLoadBook(rt);
  rt.log.info(`Open-load book: ${book.book.size} loads in ${Math.round(book.buildMs)} ms`);
  const app = createApp(rt, sessionMiddleware);
  const httpServer = http.createServer(app);
  const gateway = attachGateway(httpServer, rt, sessionMiddleware);
  const port = opts.port ?? rt.config.PORT;
  const host = opts.host ?? rt.config.HOST;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const actualPort = (httpServer.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  setLinkBase(rt.config.PUBLIC_URL ?? `http://${shownHost}:${actualPort}`);
  const releasePasswordChecks = usePasswordChecks();
  return {
    url: `http://${shownHost}:${actualPort}`,
    port: actualPort,
    httpServer,
    async close() {
      await gateway.close();
      await stopOpenLoadBook(book);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await sessionRedis.quit().catch(() => undefined);
      await releasePasswordChecks();
    },
  };
}
