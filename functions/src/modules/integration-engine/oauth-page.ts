import type { Express } from 'express';

/**
 * The default OAuth redirect target, GET /oauth/callback: a page, not the completion. The vendor
 * sends whoever consented here, and a bare visit must connect nothing (otherwise an attacker could
 * start a connect in their own company, send the consent link to a victim merchant and receive the
 * victim's data). The signed-in owner's app finishes with POST /oauth/complete and their ID token;
 * deployed, OAUTH_REDIRECT_URI names the web app's page that does so. This page shows the
 * parameters for that call and never echoes them into its HTML (the script reads them itself).
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Finish connecting</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Finish connecting in the app</h1>
<p>The vendor sent you back. The connection is made only when the owner who started it, signed in,
posts <code>{"callback": {...these parameters}}</code> to <code>POST /integrationEngine/oauth/complete?companyId=&lt;company&gt;</code>
with their ID token, within 10 minutes.</p>
<pre id="params"></pre>
<script>
(function () {
  var params = {};
  new URLSearchParams(location.search).forEach(function (value, key) { params[key] = value; });
  document.getElementById('params').textContent = JSON.stringify(params, null, 2);
})();
</script>
</body>
</html>`;

export function extend(app: Express): void {
  app.get('/oauth/callback', (_req, res) => {
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; script-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.type('html').send(PAGE);
  });
}
