import express, { type Request } from 'express';
import { z } from 'zod';
import { defineRoute, type ModuleDef } from '../../http/route';
import { buildOpenApiDocument } from '../../openapi/document';
import { allModules } from '../registry';
import { projectId } from '../../firebase';

const TAG = 'docs';
const REGION = 'us-central1';

/** The base address of a module, as seen by the caller of the docs function. */
function moduleBaseUrl(req: Request) {
  return (name: string) => {
    if (process.env.FUNCTIONS_EMULATOR === 'true' || process.env.LOCAL_BASE_URL) {
      const root = process.env.LOCAL_BASE_URL ?? `${req.protocol}://${req.get('host')}/${projectId()}/${REGION}`;
      return `${root}/${name}`;
    }
    return `https://${REGION}-${projectId()}.cloudfunctions.net/${name}`;
  };
}

let cached: { key: string; document: unknown } | undefined;
export function openApiDocument(req: Request) {
  const base = moduleBaseUrl(req);
  const key = base('x');
  if (cached?.key !== key) cached = { key, document: buildOpenApiDocument(allModules(), { baseUrl: base }) };
  return cached.document;
}

const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Workforce Operations API</title>
<link rel="stylesheet" href="assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true });</script>
</body></html>`;

export const docsModule: ModuleDef = {
  name: 'docs',
  tag: TAG,
  description: 'The machine-readable API description (OpenAPI 3.1.0) and an interactive viewer served from local assets',
  routes: [
    defineRoute({
      method: 'get', path: '/openapi', tag: TAG, summary: 'The OpenAPI 3.1.0 document in the envelope',
      description: 'Generated at run time from the same zod schemas that validate requests. `GET /openapi.json` serves the bare document (for tools), and `GET /ui/` the interactive viewer.',
      access: { kind: 'public' }, response: z.record(z.string(), z.unknown()),
      handler: async ({ req }) => openApiDocument(req) as Record<string, unknown>,
    }),
  ],
  extend(app) {
    app.get('/openapi.json', (req, res) => {
      res.json(openApiDocument(req));
    });
    const assets: string = require('swagger-ui-dist').getAbsoluteFSPath();
    app.use('/ui/assets', express.static(assets, { index: false, maxAge: '1h' }));
    app.get(['/ui', '/ui/'], (req, res) => {
      if (!req.path.endsWith('/')) return res.redirect(301, `${req.originalUrl}/`);
      res.type('html').send(VIEWER_HTML);
    });
  },
};
