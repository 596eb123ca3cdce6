import { defineErrors } from '../../core/errors';

export const messagingErrors = defineErrors({
  CONVERSATION_NOT_FOUND: {
    status: 404,
    meaning: 'No conversation with that id that the caller is (or was) a member of in the company',
  },
  MESSAGE_NOT_FOUND: { status: 404, meaning: 'No message with that id in the conversation' },
  MESSAGES_RESTRICTED: {
    status: 403,
    meaning:
      'The policy employeeInteractionMessages is off: employees message managers and owners only (starting or posting in a direct conversation with another employee is refused)',
  },
  GROUPS_DISABLED: {
    status: 403,
    meaning:
      'The policy employeeInteractionGroup is off: employees neither create group conversations nor post in groups (automatic ones included); reading stays',
  },
  NOT_IN_DIRECTORY: {
    status: 403,
    meaning:
      "The person is not in the caller's directory: not a member with access, or (policy employeeInteractionWorkWith off) another employee",
  },
  NOT_THE_AUTHOR: {
    status: 403,
    meaning: 'Only the author edits a message; only the author (within the window) or a manager or owner deletes it',
  },
  EDIT_WINDOW_CLOSED: {
    status: 422,
    meaning: 'The author edits or deletes a message only within the edit window after sending it',
  },
  MESSAGE_DELETED: { status: 422, meaning: 'The message was deleted: it cannot be edited' },
  UNKNOWN_MENTIONS: { status: 422, meaning: 'A mention names someone who is not a member of the conversation' },
  RECIPIENT_LEFT: {
    status: 422,
    meaning: 'The other member of the direct conversation no longer has access to the company (archived)',
  },
  NOT_EDITABLE: { status: 422, meaning: 'Automatic and direct conversations have no name or members to change' },
  ATTACHMENT_NOT_FOUND: {
    status: 404,
    meaning:
      "No attachment with that id in the conversation that the caller may read (an upload not sent yet is its uploader's; a deleted message's files are gone)",
  },
  ATTACHMENT_UNAVAILABLE: {
    status: 422,
    meaning:
      "An attachment named for a message is not the sender's upload to this conversation waiting to be sent (unknown, another's, another conversation's, or sent already)",
  },
  INVALID_LAST_EVENT_ID: {
    status: 400,
    meaning: 'The Last-Event-ID (or lastEventId) is not an event id this stream answered',
  },
});
