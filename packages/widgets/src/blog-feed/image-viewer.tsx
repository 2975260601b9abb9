import { useEffect, useRef, type KeyboardEvent } from 'react';

/** A post image opened full size: its address and its text alternative, which names the dialog too. */
export interface ViewedImage {
  src: string;
  alt: string;
}

export interface ImageViewerProps {
  image: ViewedImage;
  /** Where focus goes back on close: the control that opened the image. */
  returnFocusTo: HTMLElement | null;
  onClose(): void;
}

/**
 * A post image full size, in a modal dialog named by the image. Focus starts on Close, the dialog's
 * one control, and stays there; Escape or Close shuts it and gives focus back to the opener.
 */
export function ImageViewer({ image, returnFocusTo, onClose }: ImageViewerProps) {
  const close = useRef<HTMLButtonElement>(null);
  const opener = useRef(returnFocusTo);

  useEffect(() => {
    const back = opener.current;
    close.current?.focus();
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // Close is the only control: Tab and Shift+Tab stay on it rather than leave the modal.
      event.preventDefault();
      close.current?.focus();
    }
  };

  return (
    <div className="ok-image-viewer__backdrop">
      <div className="ok-image-viewer" role="dialog" aria-modal="true" aria-label={image.alt} onKeyDown={onKeyDown}>
        <button className="ok-image-viewer__close" type="button" ref={close} onClick={onClose}>
          Close
        </button>
        <img className="ok-image-viewer__image" src={image.src} alt={image.alt} />
      </div>
    </div>
  );
}
