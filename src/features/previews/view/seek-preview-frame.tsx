import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { cueAt } from '../parse';
import type { SeekPreviewProps } from './seek-preview';

/** The box's size; a tile of another size is scaled into it. */
const BOX_W = 160;
const BOX_H = 90;

/** A URL as a CSS string: the parser gives a serialised URL, so only quotes and backslashes could break out. */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (char) => encodeURIComponent(char))}")`;

/**
 * The tile for `time`, as a box of 160×90 with the sprite as its background. Nothing shows until
 * the track has a cue for that time, so a missing or broken track leaves the time tooltip alone.
 * Off-origin sprites need no CORS: a CSS background only shows the image, it never reads it.
 */
export default function SeekPreviewFrame({ model, time, left }: SeekPreviewProps) {
  const { cues, wanted } = useUnit({ cues: model.$thumbnailCues, wanted: model.previewWanted });
  // The first hover or drag asks for the track; later ones find it loaded (or given up).
  useEffect(() => wanted(), [wanted]);
  const cue = cueAt(cues, time);
  if (!cue) return null;
  const image =
    cue.w === null || cue.h === null
      ? { backgroundImage: cssUrl(cue.url), backgroundSize: 'cover', backgroundPosition: 'center', width: BOX_W, height: BOX_H }
      : {
          backgroundImage: cssUrl(cue.url),
          backgroundPosition: `${-cue.x}px ${-cue.y}px`,
          width: cue.w,
          height: cue.h,
          transform: cue.w === BOX_W && cue.h === BOX_H ? undefined : `scale(${BOX_W / cue.w}, ${BOX_H / cue.h})`,
        };
  return (
    <div className="seek-preview" style={{ left: `clamp(${BOX_W / 2}px, ${left}, calc(100% - ${BOX_W / 2}px))` }} aria-hidden="true">
      <div className="seek-preview__image" style={image} data-testid="seek-preview" />
    </div>
  );
}
