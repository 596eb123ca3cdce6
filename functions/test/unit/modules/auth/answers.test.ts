import {
  acceptedAnswer,
  acceptResult,
  adminUserDetail,
  adminUserPage,
  auditPage,
  invitationPage,
  invitationPreview,
  leaveResult,
  memberSchema,
  profileSchema,
  removeResult,
  signupResult,
} from '../../../../src/modules/auth/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

const STATES = ['pending', 'accepted', 'revoked', 'expired'];
const ACTIONS = ['grantAdmin', 'revokeAdmin', 'disable', 'enable', 'revokeSessions'];
const membership = {
  companyId: 'c1',
  companyName: 'Harbor & Vine',
  role: 'owner',
  employeeId: 'emp-001',
  organizationRole: null,
};
const profile = {
  uid: 'u1',
  email: 'ana@example.test',
  emailVerified: false,
  name: 'Ana',
  surname: 'Ruiz',
  phone: '+1 212 555 0100',
  locale: 'es-MX',
  admin: false,
  memberships: [
    membership,
    { companyId: 'c2', companyName: null, role: 'owner', employeeId: null, organizationRole: 'admin' },
  ],
};
const invitation = (state: string) => ({
  id: 'i1',
  companyId: 'c1',
  email: 'bo@example.test',
  role: 'manager',
  employeeId: 'emp-002',
  state,
  invitedBy: 'u1',
  createdAt: 1,
  expiresAt: 2,
  sentAt: 1,
  sends: 2,
  acceptedAt: state === 'accepted' ? 3 : null,
  acceptedBy: state === 'accepted' ? 'u2' : null,
  revokedAt: state === 'revoked' ? 3 : null,
});
const adminUser = {
  uid: 'u1',
  email: 'ana@example.test',
  displayName: 'Ana Ruiz',
  emailVerified: true,
  disabled: false,
  admin: true,
  createdAt: 1,
  lastSignInAt: 2,
  tokensValidAfter: null,
};

describe('auth answers keep every field', () => {
  it('signup, profile and the accepted password reset', () => {
    keepsAnswer(profileSchema, profile);
    keepsAnswer(signupResult, { uid: 'u1', companyId: 'c1', employeeId: 'emp-001', profile });
    keepsAnswer(acceptedAnswer, {
      accepted: true,
      message: 'If an account exists for this email, a reset link is on its way',
    });
  });

  it('invitations in every state, their preview and their acceptance', () => {
    keepsAnswer(invitationPage, { invitations: STATES.map(invitation), nextBefore: 1 });
    for (const state of STATES) {
      keepsAnswer(invitationPreview, {
        companyName: 'Harbor & Vine',
        role: 'employee',
        email: 'bo@example.test',
        state,
        expiresAt: 2,
        accountExists: false,
        accept: 'POST /auth/invitations/accept',
      });
    }
    keepsAnswer(acceptResult, { uid: 'u2', companyId: 'c1', role: 'manager', employeeId: null, accountCreated: true });
  });

  it('members, leaving and removal', () => {
    keepsAnswer(memberSchema, {
      uid: 'u2',
      email: null,
      name: 'Bo',
      role: 'manager',
      employeeId: 'emp-002',
      disabled: true,
      organizationRole: null,
    });
    keepsAnswer(memberSchema, {
      uid: 'u3',
      email: 'org@example.test',
      name: 'Oz',
      role: 'owner',
      employeeId: null,
      disabled: false,
      organizationRole: 'admin',
    });
    keepsAnswer(leaveResult, { companyId: 'c1', left: true });
    keepsAnswer(removeResult, { companyId: 'c1', uid: 'u2', removed: true });
  });

  it('the admin tier: users and the audit log of every action', () => {
    keepsAnswer(adminUserPage, { users: [adminUser], nextPageToken: 'next' });
    keepsAnswer(adminUserDetail, { ...adminUser, memberships: [membership] });
    keepsAnswer(auditPage, {
      entries: ACTIONS.map((action, i) => ({ id: `a${i}`, at: i, actorUid: 'u1', action, targetUid: 'u2' })),
      nextBefore: null,
    });
  });
});
