/** The applicants module's public API: what other modules may use (they import nothing else of it). */
export { applicantErrors } from './errors';
