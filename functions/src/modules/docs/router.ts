import express, { type Express } from 'express';
import { z } from 'zod';
import { defineRoute, PUBLIC, type RouteDef } from '../../http/route';
import { platform } from '../kit';
import { config } from '../../core/config';

let cached: Record<string, unknown> | undefined;
export function openApiDocument(): Record<string, unknown> {
  cached ??= platform().apiDocument([{ url: config.apiBaseUrl(), description: 'The one address of the API' }]);
  return cached;
}

const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Workforce Operations API</title>
<link rel="stylesheet" href="assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true });</script>
</body></html>`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/openapi',
    summary: 'The OpenAPI 3.1.0 document in the envelope',
    description:
      'Generated at run time from the same zod schemas that validate requests. `GET /openapi.json` serves the bare document (for tools), and `GET /ui/` the interactive viewer.',
    access: PUBLIC,
    response: z.record(z.string(), z.unknown()),
    handler: async () => openApiDocument(),
  }),
];

/** The bare document and the viewer: not JSON envelopes, so plain Express routes. */
export function extend(app: Express): void {
  app.get('/openapi.json', (req, res) => {
    res.json(openApiDocument());
  });
  // the package's main file would also load its 2 MB browser bundle: only the directory of its files is needed here
  const assets: string = require('swagger-ui-dist/absolute-path.js')();
  app.use('/ui/assets', express.static(assets, { index: false, maxAge: '1h' }));
  app.get(['/ui', '/ui/'], (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, `${req.originalUrl}/`);
    res.type('html').send(VIEWER_HTML);
  });
}
