import type { OutgoingMail } from '../../core/mail';
import type { MemberRole } from '../../core/memberships';

/** The texts of the emails the auth module sends. */
const ROLE_NAME: Record<MemberRole, string> = { owner: 'an owner', manager: 'a manager', employee: 'a team member' };

export function invitationMail(options: {
  to: string;
  companyName: string;
  role: MemberRole;
  link: string;
  expiresAt: number;
}): OutgoingMail {
  const expires = new Date(options.expiresAt).toUTCString();
  return {
    to: options.to,
    subject: `You are invited to join ${options.companyName}`,
    text: [
      `You have been invited to join ${options.companyName} as ${ROLE_NAME[options.role]}.`,
      '',
      `Accept the invitation: ${options.link}`,
      '',
      `The link works once and expires on ${expires}. If you did not expect this email, ignore it.`,
    ].join('\n'),
  };
}

export function passwordResetMail(options: { to: string; link: string }): OutgoingMail {
  return {
    to: options.to,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your account.',
      '',
      `Choose a new password: ${options.link}`,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
