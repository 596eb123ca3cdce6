import { defineErrors } from '../../core/errors';

export const authErrors = defineErrors({
  EMAIL_TAKEN: { status: 409, meaning: 'An account already exists for this email' },
  SIGNUP_FAILED: {
    status: 503,
    meaning: 'The signup could not be completed; nothing was kept (no account, no company): try again',
  },
  INVITATION_NOT_FOUND: { status: 404, meaning: 'No such invitation (unknown token or id)' },
  INVITATION_EXPIRED: {
    status: 410,
    meaning: 'The invitation expired (7 days after it was last sent); ask for a new one',
  },
  INVITATION_REVOKED: { status: 410, meaning: 'The invitation was revoked' },
  INVITATION_USED: { status: 410, meaning: 'The invitation was already accepted (tokens are single-use)' },
  INVITATION_PENDING: {
    status: 409,
    meaning: 'An invitation to this email is already pending in this company (resend it instead)',
  },
  ALREADY_MEMBER: { status: 409, meaning: 'That person is already a member of the company' },
  ACCOUNT_EXISTS: {
    status: 409,
    meaning: 'An account exists for the invited email: sign in and accept with its ID token',
  },
  ACCOUNT_DETAILS_REQUIRED: { status: 422, meaning: 'Accepting without an account needs name, surname and password' },
  EMAIL_MISMATCH: { status: 403, meaning: "The signed-in account's email is not the invited one" },
  ROLE_NOT_ALLOWED: {
    status: 403,
    meaning: 'Your role cannot give or change this role (managers handle employees; owners any role)',
  },
  EMPLOYEE_ALREADY_LINKED: { status: 409, meaning: 'The employee record is already linked to another user' },
  MEMBER_NOT_FOUND: { status: 404, meaning: 'No such member of the company' },
  LAST_OWNER: { status: 422, meaning: 'The company would be left without an owner' },
  SELF_LOCKOUT: {
    status: 422,
    meaning: 'Administrators cannot remove their own admin claim, disable themselves or revoke their own sessions here',
  },
  USER_NOT_FOUND: { status: 404, meaning: 'No such user' },
});
