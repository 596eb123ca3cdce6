import type { Express } from 'express';

/**
 * The page an invitation email links to when the web app does not name its own (INVITATION_URL):
 * it reads the token from its address, shows the invitation (POST ./lookup) and accepts it with a
 * new account (POST ./accept). Static: the token never reaches the server in a URL it could log,
 * and the page sends no Referer.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invitation</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
  label { display: block; margin-top: .75rem; }
  input { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
  button { margin-top: 1rem; padding: .6rem 1.2rem; font: inherit; }
  .error { color: #b00020; }
</style>
</head>
<body>
<h1 id="title">Invitation</h1>
<p id="message">Loading your invitation…</p>
<form id="form" hidden>
  <label>First name <input name="name" autocomplete="given-name" required></label>
  <label>Last name <input name="surname" autocomplete="family-name" required></label>
  <label>Password (at least 8 characters) <input name="password" type="password" autocomplete="new-password" minlength="8" required></label>
  <button type="submit">Join</button>
</form>
<script>
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var message = document.getElementById('message');
  var form = document.getElementById('form');
  function say(text, isError) { message.textContent = text; message.className = isError ? 'error' : ''; }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json(); });
  }
  post('./lookup', { token: token }).then(function (answer) {
    if (!answer.success) return say(answer.error, true);
    var invitation = answer.data;
    document.getElementById('title').textContent = 'Join ' + invitation.companyName;
    if (invitation.state !== 'pending') return say('This invitation is ' + invitation.state + '.', true);
    if (invitation.accountExists) return say('You already have an account (' + invitation.email + '): sign in to the app and open this link there to accept.');
    say('You are invited as ' + invitation.role + ' with ' + invitation.email + '. Create your account to join.');
    form.hidden = false;
  }).catch(function () { say('The invitation could not be loaded; try again.', true); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    post('./accept', { token: token, name: data.get('name'), surname: data.get('surname'), password: data.get('password') }).then(function (answer) {
      if (!answer.success) return say(answer.error, true);
      form.hidden = true;
      say('You joined. Sign in to the app with your email and password.');
    }).catch(function () { say('Something went wrong; try again.', true); });
  });
})();
</script>
</body>
</html>`;

export function extend(app: Express): void {
  app.get('/invitations/open', (_req, res) => {
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.type('html').send(PAGE);
  });
}
