import { postImagesProblem, type Validation } from './validation.ts';

/** Longest post and comment the feed accepts (the `posts` and `comments` column sizes). @public */
export const FEED_LIMITS = { post: 5000, comment: 2000 } as const;

/** @public */
export interface PostInput {
  content: string;
  imageCount: number;
}

/** A blog post: some text, at most 3 images ("You can only upload up to 3 images"). @public */
export function validatePost(input: PostInput): Validation<{ content: string }, 'content' | 'images'> {
  const errors: Partial<Record<'content' | 'images' | 'form', string>> = {};
  const content = input.content.trim();
  if (content === '') errors.content = 'Please write something to post';
  else if (content.length > FEED_LIMITS.post) errors.content = `A post can be at most ${FEED_LIMITS.post} characters`;
  const images = postImagesProblem(input.imageCount);
  if (images) errors.images = images;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { content } };
}

/**
 * A comment: the form ignores a blank one; a server asked to store one refuses it.
 * @public
 */
export function validateComment(input: string): Validation<{ content: string }, 'content'> {
  const content = input.trim();
  if (content === '') return { ok: false, errors: { content: 'Please write a comment' } };
  if (content.length > FEED_LIMITS.comment) return { ok: false, errors: { content: `A comment can be at most ${FEED_LIMITS.comment} characters` } };
  return { ok: true, value: { content } };
}
