/** The organizations module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const ports = lazyFile<typeof import('./ports')>(() => require('./ports'));
const links = lazyFile<typeof import('./links')>(() => require('./links'));

/** The employer (legal entity) of a location, or null for a company outside any organization. */
export const employerOf = lazyFunction(ports, 'employerOf');
/** The same person's records at the other locations of the same employer (ids and location names). */
export const linkedRecordsOf = lazyFunction(ports, 'linkedRecordsOf');
/** The linked records of several records of one company (one read for a company outside any organization). */
export const linkedRecordsOfEach = lazyFunction(ports, 'linkedRecordsOfEach');
/** After an invitation to an employee record is accepted: links the person's records of the same employer. */
/** Every linked record of a location, by employee id, with the same person's records elsewhere (one query). */
export const linkedRecordsAt = lazyFunction(ports, 'linkedRecordsAt');
export const autoLinkPerson = lazyFunction(links, 'autoLinkPerson');
/** An employer of an organization and the locations it employs the staff of (422 EMPLOYER_NOT_FOUND). */
export const employerLocations = lazyFunction(ports, 'employerLocations');
/** The owners and administrators of a location's organization (they act as owners there). */
export const organizationMembersAt = lazyFunction(ports, 'organizationMembersAt');
/** A location's members, then its organization's owners and administrators who are not members, as owners. */
export const peopleAt = lazyFunction(ports, 'peopleAt');
/** The locations a person acts at as an owner through an organization, with their role in it. */
export const organizationLocationsOf = lazyFunction(ports, 'organizationLocationsOf');
export type {
  EmployerLocations,
  EmployerOfLocation,
  PersonAtLocation,
  LinkedRecord,
  OrganizationMemberOfLocation,
} from './ports';
export { organizationErrors } from './errors';
