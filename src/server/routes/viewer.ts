// The annotation viewer (web/, built by scripts/build-web.mjs into web/dist) served at `/` by the
// service itself: index.html, app.js and app.css through @fastify/static. Open access: the page needs
// no token (its API calls do). Files are registered one route each (no wildcard), so unknown paths
// and the 405 table keep their usual answers. When the viewer has not been built, `/` says how to.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { RouteModule } from '../deps.js';

/** web/dist above this module: src/server/routes (tsx) or dist/src/server/routes (built). */
export function findViewerDir(start = dirname(fileURLToPath(import.meta.url))): string | undefined {
  const override = process.env.VIEWER_DIR;
  if (override !== undefined && override !== '') return existsSync(join(override, 'index.html')) ? override : undefined;
  let dir = start;
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clinical Annotator</title></head>
<body><h1>Clinical Annotator</h1><p>The viewer has not been built. Run <code>npm run build</code> (or
<code>node scripts/build-web.mjs</code>) and restart the service. The API documentation is at <a href="/api-docs">/api-docs</a>.</p></body></html>`;

export const viewerRoutes: RouteModule = async (app) => {
  const root = findViewerDir();
  if (root === undefined) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT));
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    decorateReply: false,
    cacheControl: true,
    maxAge: 0,
    schemaHide: true,
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('content-security-policy', "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    },
  });
};
