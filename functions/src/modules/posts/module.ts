import { defineModule } from '../kit';
import { postErrors } from './errors';

export default defineModule({
  name: 'posts',
  description: 'Team feed: announcements to an audience, read receipts and acknowledgements, comments',
  http: () => require('./router') as typeof import('./router'),
  errors: postErrors.catalog,
  collections: { company: ['posts', 'postRecipients', 'postComments'] },
  personalData: {
    posts: { match: { uid: 'authorUid' }, erase: 'reduce' },
    postRecipients: { match: { employeeId: 'employeeId' }, erase: 'delete' },
    postComments: { match: { uid: 'authorUid' }, erase: 'delete' },
  },
});
