export { RETENTION, keepUntil, companyCountry } from './retention';
