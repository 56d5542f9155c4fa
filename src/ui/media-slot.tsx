import { useLayoutEffect, useRef } from 'react';
import type { Mountable } from '../platform/mount';

/**
 * The one place a media element enters the layout: its owner (the engine's surface for the
 * content, the ad video for an ad) mounts it here and takes it back when the slot goes or the
 * owner changes. The element is created before React renders, so loading starts early.
 */
export function MediaSlot({ media, className }: { media: Mountable | null | undefined; className: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = slot.current;
    return host && media ? media.mount(host) : undefined;
  }, [media]);
  return <div ref={slot} className={className} />;
}
