import type { Limit } from '../../core/rate-limit';

/** Abuse limits of the public routes (per client address and per email), all per hour. */
export const LIMITS = {
  signupPerAddress: { name: 'signup-address', points: 5, duration: 3600 },
  signupPerEmail: { name: 'signup-email', points: 5, duration: 3600 },
  resetPerAddress: { name: 'reset-address', points: 5, duration: 3600 },
  resetPerEmail: { name: 'reset-email', points: 5, duration: 3600 },
  /** Looking up and accepting invitations (tokens are 256-bit: this only caps abuse). */
  invitationPerAddress: { name: 'invitation-address', points: 30, duration: 3600 },
} as const satisfies Record<string, Limit>;
