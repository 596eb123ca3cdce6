import { defineErrors } from '../../core/errors';

export const organizationErrors = defineErrors({
  COMPANY_OWNER_REQUIRED: {
    status: 403,
    meaning: 'Only an owner of the company itself may put it in an organization',
  },
  ALREADY_IN_ORGANIZATION: {
    status: 409,
    meaning:
      'The company is already a location of an organization (of another one, or of this one under the same employer)',
  },
  EMPLOYER_NOT_FOUND: { status: 422, meaning: 'The organization has no employer with that id' },
  EMPLOYER_ID_TAKEN: { status: 409, meaning: 'The organization already has an employer with that employer id (EIN)' },
  LOCATION_HAS_LINKS: {
    status: 409,
    meaning: 'The location has employee records linked to other locations of its employer: unlink them first',
  },
  NOT_A_LOCATION: { status: 422, meaning: 'The company is not a location of this organization' },
  DIFFERENT_EMPLOYERS: {
    status: 422,
    meaning: 'Employee records can only be linked across locations of one employer',
  },
  ONE_RECORD_PER_LOCATION: {
    status: 422,
    meaning: 'A person has one employee record per location: a link holds at most one record of each location',
  },
  LINK_NOT_FOUND: { status: 404, meaning: 'No employee link with that id in the organization' },
  LAST_ORGANIZATION_OWNER: { status: 409, meaning: 'The organization keeps at least one owner' },
});
