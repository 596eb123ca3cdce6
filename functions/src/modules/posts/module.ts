import { defineModule, lazyFile } from '../kit';
import { postErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'posts',
  description: 'Team feed: announcements to an audience, read receipts and acknowledgements, comments',
  http: router,
  errors: postErrors.catalog,
  collections: { company: ['posts', 'postRecipients', 'postComments'] },
  personalData: {
    // anyone's post or comment may name the person in its text
    posts: { match: { uid: 'authorUid' }, erase: 'reduce', copiesIn: ['title', 'body'] },
    postRecipients: { match: { employeeId: 'employeeId' }, erase: 'delete' },
    postComments: { match: { uid: 'authorUid' }, erase: 'delete', copiesIn: ['text'] },
  },
});
