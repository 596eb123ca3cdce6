import { defineErrors } from '../../core/errors';

export const requestErrors = defineErrors({
  REQUEST_NOT_FOUND: { status: 404, meaning: 'No shift request with that id in the company' },
  REQUEST_NOT_PENDING: {
    status: 409,
    meaning:
      'The request is not in a state that allows this step (e.g. approving a cancelled or already approved request); details give its state',
  },
  REQUEST_EXPIRED: { status: 409, meaning: 'The shift of the request has started: the request expired' },
  REQUEST_EXISTS: { status: 409, meaning: 'A pending request already covers that shift (or those days)' },
  ALREADY_CLAIMED: { status: 409, meaning: 'Someone else claimed the emergency (or was picked) first' },
  NOT_REQUEST_PARTY: {
    status: 403,
    meaning: 'The caller is not the party this step belongs to (the peer of a swap, the requester, a manager)',
  },
  NO_EMPLOYEE_RECORD: {
    status: 422,
    meaning: 'The caller has no employee record in the company, so cannot request or take shifts',
  },
  OWN_REQUEST: { status: 422, meaning: 'An employee cannot accept, volunteer for or claim their own request' },
  NOT_ELIGIBLE: {
    status: 422,
    meaning:
      'The taker may not work the shift: every rule it breaks is in details (role, availability, overlap, day-off, rest, daily and weekly limits, fair-workweek rest)',
  },
  NOT_A_VOLUNTEER: { status: 422, meaning: 'The employee picked did not volunteer for the offer' },
  DAY_OFF_IN_PAST: { status: 422, meaning: 'A day-off request starts before the company-local business day today' },
  INVALID_REQUEST_SHIFT: {
    status: 422,
    meaning:
      "The shift cannot be the subject of this request (absent, not live, not the requester's, already started, or not starting soon enough for an emergency)",
  },
});
