import { Functions, Query, type Models } from 'node-appwrite';
import type { DemoPost } from './demo-data.ts';
import { runCommand } from './demo-commands.ts';
import { guestClient, uploadAs, type Connection, type DemoMember } from './demo-members.ts';
import { banner } from './images/banners.ts';
import { allRows, grouped, idsOf, memberOf, take, type Members } from './seed-progress.ts';

/**
 * The blog's part of the seed: members share posts (pictures first), comment in order and like, as
 * they would in the portal; then a visitor signs up to the newsletter. Like the board's steps, it
 * skips what an interrupted earlier run already did.
 */

type PostRow = Models.Row & { authorId: string; content: string };
type CommentRow = Models.Row & { authorId: string; content: string };
type LikeRow = Models.Row & { userId: string };

export async function shareFeed(connection: Connection, members: Members, posts: readonly DemoPost[]): Promise<{ comments: number; likes: number }> {
  const existing = grouped(await allRows<PostRow>(connection, 'posts', [Query.equal('authorId', idsOf(members))]), (row) => `${row.authorId}\n${row.content}`);
  let comments = 0;
  let likes = 0;
  for (const post of posts) {
    const author = memberOf(members, post.author);
    const postId = take(existing, `${author.userId}\n${post.content}`)?.$id ?? (await share(author, post));

    const written = grouped(await allRows<CommentRow>(connection, 'comments', [Query.equal('postId', postId)]), (row) => `${row.authorId}\n${row.content}`);
    for (const comment of post.comments ?? []) {
      const commenter = memberOf(members, comment.by);
      if (!take(written, `${commenter.userId}\n${comment.content}`)) {
        await runCommand(commenter.functions, 'POST', `/posts/${postId}/comments`, { content: comment.content });
      }
      comments++;
    }

    const liked = new Set((await allRows<LikeRow>(connection, 'post_likes', [Query.equal('postId', postId)])).map((row) => row.userId));
    for (const key of post.likedBy ?? []) {
      const member = memberOf(members, key);
      if (!liked.has(member.userId)) {
        // The like command toggles: it only ever runs for someone who has not liked the post yet.
        const answer = await runCommand<{ liked: boolean }>(member.functions, 'POST', `/posts/${postId}/like`);
        if (!answer.liked) throw new Error(`Liking "${post.key}" as ${key} took a like back instead.`);
        liked.add(member.userId);
      }
      likes++;
    }
  }
  return { comments, likes };
}

async function share(author: DemoMember, post: DemoPost): Promise<string> {
  const imageFileIds: string[] = [];
  for (const [index, image] of (post.images ?? []).entries()) {
    imageFileIds.push(await uploadAs(author, `${post.key}-${index + 1}.png`, banner(image)));
  }
  const created = await runCommand<{ id: string }>(author.functions, 'POST', '/posts', { content: post.content, imageFileIds });
  return created.id;
}

/** A visitor of the welcome page signs up to the newsletter (a repeat answers the same success). */
export async function signUpForNewsletter(connection: Connection, emails: readonly string[]): Promise<void> {
  const visitor = new Functions(guestClient(connection));
  for (const email of emails) await runCommand(visitor, 'POST', '/newsletter', { email });
}
