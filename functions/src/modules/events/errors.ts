import { defineErrors } from '../../core/errors';

export const eventErrors = defineErrors({
  NOTIFICATION_NOT_FOUND: { status: 404, meaning: "No notification with that id in the caller's inbox" },
  INVALID_QUIET_HOURS: {
    status: 422,
    meaning: 'Quiet hours start and end on the same minute (an empty or a whole-day window); leave them out instead',
  },
});
