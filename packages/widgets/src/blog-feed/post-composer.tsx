import { useId, type FormEvent } from 'react';
import { MAX_POST_IMAGES, MESSAGES } from '@opportunity-kit/sdk/domain';
import { FilePicker } from '../shared/file-picker.tsx';
import type { BlogFeedActions, ComposerState } from './blog-feed-model.ts';

export interface PostComposerProps {
  composer: ComposerState;
  actions: Pick<BlogFeedActions, 'setContent' | 'addImages' | 'removeImage' | 'submit'>;
}

/** The new-post form: text, up to 3 images with previews, and the upload's progress while it posts. */
export function PostComposer({ composer, actions }: PostComposerProps) {
  const id = useId();
  const posting = composer.status === 'posting';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };
  return (
    <form className="ok-post-composer" aria-label="New post" onSubmit={submit} data-state={posting ? 'posting' : 'idle'}>
      <label className="ok-post-composer__label" htmlFor={`${id}-content`}>
        Share an update
      </label>
      <textarea
        className="ok-post-composer__content"
        id={`${id}-content`}
        rows={3}
        value={composer.content}
        onChange={(event) => actions.setContent(event.currentTarget.value)}
        aria-invalid={composer.error ? true : undefined}
        aria-describedby={composer.error ? `${id}-error` : undefined}
        readOnly={posting}
      />
      {composer.images.length ? (
        <ul className="ok-post-composer__previews" aria-label="Images to post">
          {composer.images.map((image) => (
            <li className="ok-post-composer__preview" key={image.id}>
              <img className="ok-post-composer__preview-image" src={image.previewUrl} alt={`Preview of ${image.file.name}`} />
              <button
                className="ok-post-composer__remove"
                type="button"
                onClick={() => actions.removeImage(image.id)}
                disabled={posting}
                aria-label={`Remove ${image.file.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="ok-post-composer__toolbar">
        {/* The picked images show as previews above, so the picker names no file. */}
        <FilePicker
          className="ok-post-composer__pick"
          buttonLabel="Add images"
          accept="image/*"
          multiple
          disabled={posting}
          aria-describedby={`${id}-hint`}
          onPick={actions.addImages}
        />
        <span className="ok-post-composer__hint" id={`${id}-hint`}>
          {composer.images.length} of {MAX_POST_IMAGES} images. {MESSAGES.imageHint}
        </span>
        <button className="ok-post-composer__submit" type="submit" disabled={posting}>
          {posting ? 'Posting...' : 'Post'}
        </button>
      </div>
      <div className="ok-post-composer__status" role="status">
        {posting ? (
          composer.progress === null ? (
            'Posting...'
          ) : (
            <>
              <progress className="ok-post-composer__progress" max={100} value={composer.progress} aria-label="Uploading images" />
              {` Uploading images: ${composer.progress}%`}
            </>
          )
        ) : null}
      </div>
      <p className="ok-post-composer__error" id={`${id}-error`} role="alert">
        {composer.error}
      </p>
    </form>
  );
}
