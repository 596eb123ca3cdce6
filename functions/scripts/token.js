/**
 * `npm run token -- <label>`: prints an ID token for a demo user, signed in through the running
 * Auth emulator (not a hand-made token). Labels: owner, manager, employee, cafe-owner, admin.
 * `npm run token -- <email> <password>`: the same for any account (e.g. one made by POST /auth/signup).
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

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
  );
  const body = await res.json();
  if (!body.idToken)
    throw new Error(`sign-in failed (is the stack running? npm start): ${JSON.stringify(body.error ?? body)}`);
  process.stdout.write(`${body.idToken}\n`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
