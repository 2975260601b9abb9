import { useEffect, useRef } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/** The member's camera while a session runs, or the spec's placeholder. */
export function CameraPreview({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const hasVideo = Boolean(stream?.getVideoTracks().length);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    // `autoPlay` is a wish a browser may drop (power saving, its autoplay rules); asking to play
    // again costs nothing, and a refusal only leaves the first frame showing.
    if (stream) element.play()?.catch(() => undefined);
  }, [stream, hasVideo]);
  return (
    <div className="ok-interview__camera" data-state={hasVideo ? 'on' : 'off'}>
      {hasVideo ? (
        <video className="ok-interview__video" ref={video} autoPlay muted playsInline aria-label="Your camera" />
      ) : (
        <p className="ok-interview__placeholder">{MESSAGES.cameraPlaceholder}</p>
      )}
    </div>
  );
}
