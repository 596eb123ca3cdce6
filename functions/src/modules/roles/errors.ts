import { defineErrors } from '../../core/errors';

export const roleErrors = defineErrors({
  ROLE_NOT_FOUND: { status: 404, meaning: 'No role with that id in the company' },
  UNKNOWN_ROLE: {
    status: 422,
    meaning: 'A reference names a role the company does not have (or an archived one, where an active one is needed)',
  },
  UNKNOWN_SUB_ROLE: { status: 422, meaning: 'A reference names a sub-role its role does not have, or an archived one' },
  ROLE_ARCHIVED: { status: 422, meaning: 'The role is archived' },
});
