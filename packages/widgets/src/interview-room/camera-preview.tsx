import { useEffect, useRef } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/** The member's camera while a voice session runs, or the spec's placeholder. */
export function CameraPreview({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  const hasVideo = Boolean(stream?.getVideoTracks().length);
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
