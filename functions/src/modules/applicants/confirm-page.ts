import type { Express } from 'express';

/**
 * The page the emailed confirmation link opens by default (APPLICATION_CONFIRM_URL unset): it reads
 * the token from the fragment (never sent to a server) and posts it to POST /apply-confirmations.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your application</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Confirm your application</h1>
<p id="status">Confirming...</p>
<script>
(function () {
  var status = document.getElementById('status');
  var token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!token) { status.textContent = 'This link has no token.'; return; }
  fetch(location.pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: token }) })
    .then(function (r) { return r.json(); })
    .then(function (answer) {
      status.textContent = answer.success ? 'Your application is confirmed. Thank you!' : answer.error;
    })
    .catch(function () { status.textContent = 'Something went wrong; try again.'; });
})();
</script>
</body>
</html>`;

export function extend(app: Express): void {
  app.get('/apply-confirmations', (_req, res) => {
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; script-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.type('html').send(PAGE);
  });
}
