import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  adminClaimBody,
  adminListUsersQuery,
  auditQuery,
  invitationAcceptBody,
  invitationCreateBody,
  invitationIdParam,
  invitationLookupBody,
  listInvitationsQuery,
  memberRoleBody,
  passwordResetBody,
  profilePatch,
  signupBody,
  uidParam,
} from '../../../../src/modules/auth/schemas';
import { currencySchema, emailSchema, passwordSchema } from '../../../../src/modules/auth/fields';
import { countryCode as countrySchema } from '../../../../src/http/fields';
import { accepts, refuses } from '../../../helpers/accepts';

const messages = (schema: z.ZodType, input: unknown): string[] =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
const pathsOf = (schema: z.ZodType, input: unknown): string[] =>
  schema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];

const companyId = 'harbor-vine';
const company = { name: "Nina's Noodles", timezone: 'America/Chicago', country: 'US', currency: 'USD' };
const signup = { name: 'Nina', surname: 'Park', email: 'nina@example.test', password: 'nina-secret-1', company };
/** A token as issued: inv_ and 32 random bytes in base64url (43 characters). */
const token = `inv_${randomBytes(32).toString('base64url')}`;
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.test'.length)}@example.test`;

describe('email addresses', () => {
  it('are compared without regard to case: they are lower-cased', () => {
    expect(accepts(emailSchema, 'Nina.Park@Example.TEST')).toBe('nina.park@example.test');
  });

  it('are at most 254 characters', () => {
    expect(accepts(emailSchema, emailOfLength(254))).toBe(emailOfLength(254));
    expect(refuses(emailSchema, emailOfLength(255))).toBe(true);
  });

  it.each(['nina', 'nina@', '@example.test', 'nina example@test.com', '', 42])('refuses %j', (email) => {
    expect(refuses(emailSchema, email)).toBe(true);
  });
});

describe('passwords', () => {
  it('are 8 to 128 characters', () => {
    expect(accepts(passwordSchema, '12345678')).toBe('12345678');
    expect(accepts(passwordSchema, 'p'.repeat(128))).toBe('p'.repeat(128));
    expect(refuses(passwordSchema, 'p'.repeat(129))).toBe(true);
  });

  it('refuses a password shorter than 8 characters, saying so', () => {
    expect(messages(passwordSchema, '1234567')).toEqual(['must be at least 8 characters']);
    expect(refuses(passwordSchema, '')).toBe(true);
  });
});

describe('country codes', () => {
  it.each(['US', 'ES', 'MX', 'GB', 'AQ'])('accepts the ISO 3166-1 alpha-2 code %s', (code) => {
    expect(accepts(countrySchema, code)).toBe(code);
  });

  it.each(['us', 'Us', 'USA', 'U', 'U1', '12', 'xUS', 'USx', '1US', 'US1', ' US', ''])(
    'refuses %j as not two capital letters, saying ISO 3166-1 alpha-2',
    (code) => {
      expect(messages(countrySchema, code)).toContain('must be an ISO 3166-1 alpha-2 code, e.g. US');
    },
  );

  it.each(['ZZ', 'XX', 'AA', 'QZ', 'EU', 'XA', 'UK', 'XK', 'EZ', 'UN'])(
    'refuses %s, two capital letters assigned to no country',
    (code) => {
      expect(messages(countrySchema, code)).toEqual(['is not an assigned ISO 3166-1 country code']);
    },
  );
});

describe('currency codes', () => {
  it.each(['USD', 'EUR', 'MXN', 'JPY'])('accepts the ISO 4217 code %s', (code) => {
    expect(accepts(currencySchema, code)).toBe(code);
  });

  it.each(['usd', 'US', 'DOLLAR', 'ZZZ', ''])('refuses %j, saying ISO 4217', (code) => {
    expect(messages(currencySchema, code)).toEqual(['must be an ISO 4217 currency code, e.g. USD']);
  });
});

describe('signup', () => {
  it('accepts the signup example of docs/AUTH.md and lower-cases the email', () => {
    expect(accepts(signupBody, { ...signup, email: 'Nina@Example.test' })).toEqual(signup);
  });

  it('makes the currency optional', () => {
    const { currency: _currency, ...noCurrency } = company;
    expect(accepts(signupBody, { ...signup, company: noCurrency }).company).toEqual(noCurrency);
  });

  it('trims the names', () => {
    const parsed = accepts(signupBody, {
      ...signup,
      name: ' Nina ',
      surname: ' Park ',
      company: { ...company, name: ' Noodles ' },
    });
    expect([parsed.name, parsed.surname, parsed.company.name]).toEqual(['Nina', 'Park', 'Noodles']);
  });

  it.each(['name', 'surname', 'email', 'password', 'company'])('refuses a signup without %s', (field) => {
    const body: Record<string, unknown> = { ...signup };
    delete body[field];
    expect(pathsOf(signupBody, body)).toContain(field);
  });

  it.each(['name', 'timezone', 'country'])('refuses a company without %s', (field) => {
    const c: Record<string, unknown> = { ...company };
    delete c[field];
    expect(pathsOf(signupBody, { ...signup, company: c })).toContain(`company.${field}`);
  });

  it.each([
    ['name', ''],
    ['name', '   '],
    ['name', 'n'.repeat(121)],
    ['surname', ''],
    ['surname', 's'.repeat(121)],
    ['password', 'short'],
    ['email', 'nina'],
  ])('refuses the owner %s %j', (field, value) => {
    expect(refuses(signupBody, { ...signup, [field]: value })).toBe(true);
  });

  it('accepts owner names of 1 and 120 characters', () => {
    expect(accepts(signupBody, { ...signup, name: 'N', surname: 'P'.repeat(120) })).toMatchObject({
      name: 'N',
      surname: 'P'.repeat(120),
    });
  });

  it('accepts a company name of 1 to 200 characters', () => {
    expect(accepts(signupBody, { ...signup, company: { ...company, name: 'N' } }).company.name).toBe('N');
    expect(accepts(signupBody, { ...signup, company: { ...company, name: 'N'.repeat(200) } }).company.name).toBe(
      'N'.repeat(200),
    );
  });

  it.each([
    ['name', ''],
    ['name', '  '],
    ['name', 'N'.repeat(201)],
    ['timezone', 'Mars/Olympus'],
    ['timezone', ''],
    ['country', 'USA'],
    ['country', 'ZZ'],
    ['currency', 'usd'],
    ['currency', 'ZZZ'],
  ])('refuses the company %s %j', (field, value) => {
    expect(refuses(signupBody, { ...signup, company: { ...company, [field]: value } })).toBe(true);
  });

  it.each(['Europe/Madrid', 'America/Chicago', 'UTC', 'Asia/Kolkata'])('accepts the IANA time zone %s', (timezone) => {
    expect(accepts(signupBody, { ...signup, company: { ...company, timezone } }).company.timezone).toBe(timezone);
  });

  it('refuses unknown fields, at the top and in the company', () => {
    expect(refuses(signupBody, { ...signup, role: 'owner' })).toBe(true);
    expect(refuses(signupBody, { ...signup, company: { ...company, locale: 'en' } })).toBe(true);
  });
});

describe('your profile', () => {
  it('accepts an empty patch and each field on its own', () => {
    expect(accepts(profilePatch, {})).toEqual({});
    expect(accepts(profilePatch, { name: ' Leo ' })).toEqual({ name: 'Leo' });
    expect(accepts(profilePatch, { surname: 'Lee' })).toEqual({ surname: 'Lee' });
    expect(accepts(profilePatch, { phone: ' +1 555 0100 ' })).toEqual({ phone: '+1 555 0100' });
    expect(accepts(profilePatch, { phone: null, locale: null })).toEqual({ phone: null, locale: null });
  });

  it('accepts a phone of up to 40 characters after trimming', () => {
    expect(accepts(profilePatch, { phone: ` ${'5'.repeat(40)} ` })).toEqual({ phone: '5'.repeat(40) });
    expect(refuses(profilePatch, { phone: '5'.repeat(41) })).toBe(true);
  });

  it.each(['en', 'es', 'ast', 'es-MX', 'en-US', 'fil-PH'])('accepts the language tag %s', (locale) => {
    expect(accepts(profilePatch, { locale })).toEqual({ locale });
  });

  it.each(['EN', 'e', 'engl', 'es-mx', 'es_MX', 'es-MXX', 'es-M', 'xx-es-MX', 'es-MX-x', 'es-', '', 'e1'])(
    'refuses the language tag %j, saying how one looks',
    (locale) => {
      expect(messages(profilePatch, { locale })).toEqual(['must be a language tag like en or es-MX']);
    },
  );

  it('refuses empty or over-long names, and the email or password (changed through Firebase)', () => {
    for (const patch of [
      { name: '' },
      { name: '  ' },
      { surname: 's'.repeat(121) },
      { email: 'a@b.co' },
      { password: 'new-password' },
    ]) {
      expect(refuses(profilePatch, patch)).toBe(true);
    }
  });
});

describe('password reset', () => {
  it('takes only an email, lower-cased', () => {
    expect(accepts(passwordResetBody, { email: 'Nina@Example.TEST' })).toEqual({ email: 'nina@example.test' });
    expect(refuses(passwordResetBody, {})).toBe(true);
    expect(refuses(passwordResetBody, { email: 'nina' })).toBe(true);
    expect(refuses(passwordResetBody, { email: 'nina@example.test', redirect: 'x' })).toBe(true);
  });
});

describe('inviting', () => {
  it.each(['employee', 'manager', 'owner'])('invites as %s', (role) => {
    expect(accepts(invitationCreateBody, { email: 'Leo@Example.test', role })).toEqual({
      email: 'leo@example.test',
      role,
    });
  });

  it('binds an optional employee record', () => {
    expect(accepts(invitationCreateBody, { email: 'leo@example.test', role: 'employee', employeeId: 'emp-9' })).toEqual(
      { email: 'leo@example.test', role: 'employee', employeeId: 'emp-9' },
    );
  });

  it.each([
    [{ role: 'employee' }],
    [{ email: 'leo@example.test' }],
    [{ email: 'leo@example.test', role: 'admin' }],
    [{ email: 'leo@example.test', role: '' }],
    [{ email: 'leo', role: 'employee' }],
    [{ email: 'leo@example.test', role: 'employee', employeeId: '' }],
    [{ email: 'leo@example.test', role: 'employee', companyId }],
  ])('refuses the invitation %j', (body) => {
    expect(refuses(invitationCreateBody, body)).toBe(true);
  });
});

describe('invitation tokens', () => {
  it.each([
    token,
    `inv_${'a'.repeat(43)}`,
    `inv_${'Z'.repeat(43)}`,
    `inv_${'7'.repeat(43)}`,
    `inv_${'_'.repeat(43)}`,
    `inv_${'-'.repeat(43)}`,
  ])('looks up the token %s (inv_ and 43 base64url characters)', (t) => {
    expect(accepts(invitationLookupBody, { token: t })).toEqual({ token: t });
  });

  it.each([
    `inv_${'a'.repeat(42)}`,
    `inv_${'a'.repeat(44)}`,
    `inx_${'a'.repeat(43)}`,
    `INV_${'a'.repeat(43)}`,
    'a'.repeat(47),
    `inv_${'a'.repeat(42)}=`,
    `inv_${'a'.repeat(42)}+`,
    `inv_${'a'.repeat(42)}/`,
    `xinv_${'a'.repeat(43)}`,
    `${token}x`,
    `${token}\n`,
    '',
  ])('refuses the malformed token %j, saying so', (t) => {
    expect(messages(invitationLookupBody, { token: t })).toEqual(['is not an invitation token']);
  });

  it('looks up with the token only', () => {
    expect(refuses(invitationLookupBody, {})).toBe(true);
    expect(refuses(invitationLookupBody, { token, email: 'leo@example.test' })).toBe(true);
  });
});

describe('accepting an invitation', () => {
  it('takes the token alone (signed in) or with name, surname and password (new account)', () => {
    expect(accepts(invitationAcceptBody, { token })).toEqual({ token });
    expect(accepts(invitationAcceptBody, { token, name: ' Leo ', surname: 'Lee', password: 'leo-secret' })).toEqual({
      token,
      name: 'Leo',
      surname: 'Lee',
      password: 'leo-secret',
    });
  });

  it.each([
    [{}],
    [{ token: 'inv_short' }],
    [{ token, password: '1234567' }],
    [{ token, name: '' }],
    [{ token, surname: ' ' }],
    [{ token, name: 'n'.repeat(121) }],
    [{ token, email: 'leo@example.test' }],
  ])('refuses %j', (body) => {
    expect(refuses(invitationAcceptBody, body)).toBe(true);
  });
});

describe('listing invitations', () => {
  it('pages 50 by default', () => {
    expect(accepts(listInvitationsQuery, { companyId })).toEqual({ companyId, limit: 50 });
  });

  it.each(['pending', 'accepted', 'revoked', 'expired'])('filters by the state %s', (state) => {
    expect(accepts(listInvitationsQuery, { companyId, state }).state).toBe(state);
  });

  it('accepts a limit of 1 to 200 and a createdAt to page before', () => {
    expect(accepts(listInvitationsQuery, { companyId, limit: '1' }).limit).toBe(1);
    expect(accepts(listInvitationsQuery, { companyId, limit: '200' }).limit).toBe(200);
    expect(accepts(listInvitationsQuery, { companyId, before: '1767225600000' }).before).toBe(1_767_225_600_000);
  });

  it.each([
    [{ state: 'open' }],
    [{ state: '' }],
    [{ limit: '0' }],
    [{ limit: '201' }],
    [{ limit: '2.5' }],
    [{ before: 'yesterday' }],
    [{ before: '1.5' }],
    [{ companyId: '' }],
  ])('refuses %j', (over) => {
    expect(refuses(listInvitationsQuery, { companyId, ...over })).toBe(true);
  });
});

describe('ids in paths', () => {
  it('accepts an invitation id and refuses a malformed one', () => {
    expect(accepts(invitationIdParam, { invitationId: 'inv-1' })).toEqual({ invitationId: 'inv-1' });
    for (const invitationId of ['', 'a/b', '..']) expect(refuses(invitationIdParam, { invitationId })).toBe(true);
  });

  it('accepts a uid of up to 128 characters', () => {
    expect(accepts(uidParam, { uid: 'u' })).toEqual({ uid: 'u' });
    expect(accepts(uidParam, { uid: 'u'.repeat(128) })).toEqual({ uid: 'u'.repeat(128) });
    for (const uid of ['', 'u'.repeat(129), 'a/b']) expect(refuses(uidParam, { uid })).toBe(true);
  });
});

describe('members', () => {
  it.each(['employee', 'manager', 'owner'])('changes a role to %s', (role) => {
    expect(accepts(memberRoleBody, { role })).toEqual({ role });
  });

  it('refuses an unknown role, none, or other fields', () => {
    for (const body of [{ role: 'admin' }, { role: 'Owner' }, {}, { role: 'owner', employeeId: 'e' }])
      expect(refuses(memberRoleBody, body)).toBe(true);
  });
});

describe('administrators', () => {
  it('list 100 users a page by default, or find one by email (lower-cased)', () => {
    expect(accepts(adminListUsersQuery, {})).toEqual({ limit: 100 });
    expect(accepts(adminListUsersQuery, { email: 'Nina@Example.TEST' })).toEqual({
      email: 'nina@example.test',
      limit: 100,
    });
  });

  it('page 1 to 1000 users with a page token of up to 2000 characters', () => {
    expect(accepts(adminListUsersQuery, { limit: '1' }).limit).toBe(1);
    expect(accepts(adminListUsersQuery, { limit: '1000' }).limit).toBe(1000);
    expect(accepts(adminListUsersQuery, { pageToken: 't'.repeat(2000) }).pageToken).toBe('t'.repeat(2000));
    for (const q of [
      { limit: '0' },
      { limit: '1001' },
      { limit: 'all' },
      { pageToken: 't'.repeat(2001) },
      { email: 'nina' },
    ])
      expect(refuses(adminListUsersQuery, q)).toBe(true);
  });

  it('grant or revoke the admin claim with a boolean', () => {
    expect(accepts(adminClaimBody, { admin: true })).toEqual({ admin: true });
    expect(accepts(adminClaimBody, { admin: false })).toEqual({ admin: false });
    for (const body of [{ admin: 'true' }, { admin: 1 }, {}, { admin: true, role: 'owner' }])
      expect(refuses(adminClaimBody, body)).toBe(true);
  });

  it('read the audit 50 entries a page by default, 1 to 200, optionally of one uid of up to 128 characters', () => {
    expect(accepts(auditQuery, {})).toEqual({ limit: 50 });
    expect(accepts(auditQuery, { targetUid: 'u'.repeat(128), limit: '200', before: '1767225600000' })).toEqual({
      targetUid: 'u'.repeat(128),
      limit: 200,
      before: 1_767_225_600_000,
    });
    expect(accepts(auditQuery, { limit: '1' }).limit).toBe(1);
    for (const q of [
      { limit: '0' },
      { limit: '201' },
      { targetUid: 'u'.repeat(129) },
      { targetUid: '' },
      { before: 'x' },
    ])
      expect(refuses(auditQuery, q)).toBe(true);
  });
});
