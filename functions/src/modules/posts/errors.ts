import { defineErrors } from '../../core/errors';

export const postErrors = defineErrors({
  POST_NOT_FOUND: {
    status: 404,
    meaning: 'No post with that id addressed to (or written by) the caller in the company',
  },
  COMMENT_NOT_FOUND: { status: 404, meaning: 'No comment with that id on the post' },
  EMPTY_AUDIENCE: {
    status: 422,
    meaning: 'The audience resolves to no employee (no one holds those roles, or no one is scheduled that day)',
  },
  UNKNOWN_EMPLOYEES: {
    status: 422,
    meaning: 'The audience names employees the company does not have (or archived ones); listed in details',
  },
  NOT_THE_AUTHOR: {
    status: 403,
    meaning:
      'Only the author edits a post (and only the author or an owner deletes it; a comment: its author or a manager)',
  },
  COMMENTS_DISABLED: { status: 422, meaning: 'The post does not allow comments' },
  ACKNOWLEDGEMENT_NOT_REQUIRED: { status: 422, meaning: 'The post does not ask for an acknowledgement' },
  NOT_A_RECIPIENT: {
    status: 403,
    meaning: 'Only a member the post is addressed to records a read or an acknowledgement',
  },
});
