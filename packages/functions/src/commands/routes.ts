import type { Route } from '../platform/router.ts';
import { addComment } from './add-comment.ts';
import { assignStudent } from './assign-student.ts';
import { createPost } from './create-post.ts';
import { createPosting } from './create-posting.ts';
import { deleteComment } from './delete-comment.ts';
import { deletePost } from './delete-post.ts';
import { recordView } from './record-view.ts';
import { removePosting } from './remove-posting.ts';
import { saveProfile } from './save-profile.ts';
import { setApplicationStatus } from './set-application-status.ts';
import { submitApplication } from './submit-application.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';
import { toggleLike } from './toggle-like.ts';

/** Every write with a business rule (clients read rows directly, but write these through here), by method and path. */
export const routes: readonly Route[] = [
  { method: 'POST', path: '/jobs', command: createPosting },
  { method: 'DELETE', path: '/jobs/{id}', command: removePosting },
  { method: 'PUT', path: '/jobs/{id}/assignment', command: assignStudent },
  { method: 'POST', path: '/jobs/{id}/views', command: recordView },
  { method: 'POST', path: '/applications', command: submitApplication },
  { method: 'PUT', path: '/applications/{id}/status', command: setApplicationStatus },
  { method: 'PUT', path: '/profile', command: saveProfile },
  { method: 'POST', path: '/posts', command: createPost },
  { method: 'DELETE', path: '/posts/{id}', command: deletePost },
  { method: 'POST', path: '/posts/{id}/like', command: toggleLike },
  { method: 'POST', path: '/posts/{id}/comments', command: addComment },
  { method: 'DELETE', path: '/comments/{id}', command: deleteComment },
  { method: 'POST', path: '/newsletter', command: subscribeNewsletter },
];
