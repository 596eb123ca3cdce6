/** firebase-functions' structured logger (Cloud Logging in production, the console locally). */
export { logger } from 'firebase-functions';
