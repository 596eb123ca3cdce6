import type { Limit } from '../../core/rate-limit';

/**
 * Abuse limits of the public routes (per client address, per email, and a global cap per route over
 * every caller together, so many addresses cannot multiply what one may do), all per hour.
 */
export const LIMITS = {
  signupPerAddress: { name: 'signup-address', points: 5, duration: 3600 },
  signupPerEmail: { name: 'signup-email', points: 5, duration: 3600 },
  signupGlobal: { name: 'signup-global', points: 500, duration: 3600 },
  resetPerAddress: { name: 'reset-address', points: 5, duration: 3600 },
  /** Caps the reset emails one inbox receives; never refuses the request (see requestPasswordReset). */
  resetPerEmail: { name: 'reset-email', points: 5, duration: 3600 },
  resetGlobal: { name: 'reset-global', points: 2000, duration: 3600 },
  /** Looking up and accepting invitations (tokens are 256-bit: this only caps abuse). */
  invitationPerAddress: { name: 'invitation-address', points: 30, duration: 3600 },
  invitationGlobal: { name: 'invitation-global', points: 5000, duration: 3600 },
} as const satisfies Record<string, Limit>;
