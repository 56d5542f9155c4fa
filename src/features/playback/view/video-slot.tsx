import { useLayoutEffect, useRef } from 'react';

/**
 * Hosts the <video> element the engine already drives. The element is created before React
 * renders so loading starts early; this slot only places it in the layout.
 */
export function VideoSlot({ video }: { video: HTMLVideoElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = slot.current;
    if (!host) return;
    host.appendChild(video);
    return () => {
      if (video.parentNode === host) host.removeChild(video);
    };
  }, [video]);
  return <div ref={slot} className="player__video" />;
}
