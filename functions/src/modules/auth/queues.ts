/** The queue whose tasks email password reset links (src/modules/auth/account.ts). */
export const PASSWORD_RESET_QUEUE = 'authPasswordReset';
