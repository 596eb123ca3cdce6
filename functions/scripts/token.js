/**
 * `npm run token -- <label>`: prints an ID token for a demo user, signed in through the running
 * Auth emulator (not a hand-made token). Labels: owner, manager, employee, cafe-owner, admin.
 * `npm run token -- <email> <password>`: the same for any account (e.g. one made by POST /auth/signup).
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The Auth emulator answers a sign-in with an unknown email or a wrong password with one of these codes. */
const BAD_CREDENTIALS = ['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS'];

function signInFailure(body, email, ownPassword) {
  const code = body.error?.message;
  if (!BAD_CREDENTIALS.some((bad) => code?.startsWith(bad)))
    return `sign-in failed: ${JSON.stringify(body.error ?? body)}`;
  // a demo user is created by the stack's demo loader: unknown means the stack has not loaded it (yet)
  if (!ownPassword)
    return `the Auth emulator does not know ${email} (${code}): the demo data is loaded by npm start, once it prints "Local stack ready"`;
  return `wrong email or password for ${email} (${code})`;
}

async function main() {
  const [label = 'owner', password] = process.argv.slice(2);
  const demo = JSON.parse(readFileSync(path.resolve(__dirname, '../../emulator-data/demo.json'), 'utf8'));
  const users = [...demo.admins, ...demo.companies.flatMap((c) => c.users)];
  const user = password ? { email: label } : users.find((u) => u.label === label);
  if (!user)
    throw new Error(
      `unknown demo user "${label}"; one of: ${users.map((u) => u.label).join(', ')} (or an email and its password)`,
    );
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local-demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: password ?? demo.password, returnSecureToken: true }),
    },
  ).catch(() => {
    throw new Error(`the Auth emulator does not answer on ${host}: is the stack running? (npm start)`);
  });
  const body = await res.json();
  if (!body.idToken) throw new Error(signInFailure(body, user.email, Boolean(password)));
  process.stdout.write(`${body.idToken}\n`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
