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

/**
 * The viewer's page: no inline script (Hosting's Content-Security-Policy in firebase.json allows
 * scripts from 'self' only, so an inline one is blocked at the one address), its start in a file
 * beside the page.
 */
const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Workforce Operations API</title>
<link rel="stylesheet" href="assets/swagger-ui.css"><link rel="icon" href="assets/favicon-32x32.png"></head>
<body><div id="ui"></div>
<script src="assets/swagger-ui-bundle.js"></script>
<script src="viewer.js"></script>
</body></html>`;

/** Starts Swagger UI on the document beside the viewer; no validator badge (it would load an image from validator.swagger.io). */
const VIEWER_JS = `window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true, validatorUrl: null });\n`;

/**
 * The viewer's Content-Security-Policy: nothing by default; its page, script, styles and document
 * from its own address, and "Try it out" calls to the one address of the API (`apiBaseUrl`; through
 * Hosting that is the viewer's own origin, so firebase.json's rule for /api/ui/** is this policy
 * without it). Swagger UI sets inline style attributes and shows data: images (its icons), nothing else.
 */
export function viewerContentSecurityPolicy(apiBaseUrl?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    apiBaseUrl ? `connect-src 'self' ${new URL(apiBaseUrl).origin}` : "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

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
  let policy: string | undefined;
  app.use('/ui', (_req, res, next) => {
    res.set('Content-Security-Policy', (policy ??= viewerContentSecurityPolicy(config.apiBaseUrl())));
    next();
  });
  app.use('/ui/assets', express.static(assets, { index: false, maxAge: '1h' }));
  app.get('/ui/viewer.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'public, max-age=3600').send(VIEWER_JS);
  });
  app.get(['/ui', '/ui/'], (req, res) => {
    if (!req.path.endsWith('/')) return res.redirect(301, `${req.originalUrl}/`);
    res.type('html').send(VIEWER_HTML);
  });
}
