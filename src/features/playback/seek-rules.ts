/**
 * The seek slider's rules, free of React (view/seek-slider.tsx only reads stores and fires intents):
 * its keys, where a time sits on the track and which time the pointer points at, when a drag
 * starts, and what a screen reader hears.
 */
import { formatHms } from '../../lib/timecode';

/** What a key on the slider asks for: a step back or forward (seek.ts, SEEK_STEP_S), or a time. */
type SeekKey = { kind: 'seekBack' } | { kind: 'seekForward' } | { kind: 'seekTo'; seconds: number };

/** The slider's own keys, for its `aria-keyshortcuts` (↑/↓ step too, as on any slider). */
export const SEEK_KEY_SHORTCUTS = 'ArrowLeft ArrowRight Home End';

const back = (): SeekKey => ({ kind: 'seekBack' });
const forward = (): SeekKey => ({ kind: 'seekForward' });

/** The key table: each key (KeyboardEvent.key) and what it asks for, given the duration. */
const SEEK_KEYS = new Map<string, (duration: number) => SeekKey>([
  ['ArrowLeft', back],
  ['ArrowDown', back],
  ['ArrowRight', forward],
  ['ArrowUp', forward],
  ['Home', () => ({ kind: 'seekTo', seconds: 0 })],
  ['End', (duration) => ({ kind: 'seekTo', seconds: duration })],
]);

/** What `key` does on the slider, or null when it is not one of the slider's keys. */
export function seekKey(key: string, duration: number): SeekKey | null {
  return SEEK_KEYS.get(key)?.(duration) ?? null;
}

/** Where `seconds` sits along the track, as a CSS percentage inside 0–100 % ('0%' while the duration is unknown). */
export function trackPercent(seconds: number, duration: number): string {
  return duration > 0 ? `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%` : '0%';
}

/** A buffered range on the track; its end stops at the duration. */
export function bufferedStyle([start, end]: readonly [number, number], duration: number): { left: string; width: string } {
  return { left: trackPercent(start, duration), width: trackPercent(Math.min(end, duration) - start, duration) };
}

/** The tooltip's left edge: under the pointer, but kept 2 rem inside the slider. */
export function tooltipLeft(seconds: number, duration: number): string {
  return `clamp(2rem, ${trackPercent(seconds, duration)}, calc(100% - 2rem))`;
}

/** The time under a pointer at `clientX`, from the track's box; 0 without a box, a width or a duration. */
export function timeAtPointer(clientX: number, track: { left: number; width: number } | undefined, duration: number): number {
  if (!track || track.width === 0 || duration <= 0) return 0;
  return Math.min(1, Math.max(0, (clientX - track.left) / track.width)) * duration;
}

/** A drag starts with the main button (a touch or a pen counts as one), once the duration is known. */
export function startsDrag(button: number, duration: number): boolean {
  return button === 0 && duration > 0;
}

/** A mouse still hovers the track after its release; a finger or a pen has left it. */
export function hoverOutlivesRelease(pointerType: string): boolean {
  return pointerType === 'mouse';
}

/** The slider's ARIA value: whole seconds, and the time as text ("0:01:05 / 0:42:00"). */
export function seekAria(seconds: number, duration: number) {
  return {
    'aria-valuemin': 0,
    'aria-valuemax': Math.round(duration),
    'aria-valuenow': Math.round(seconds),
    'aria-valuetext': `${formatHms(seconds)} / ${formatHms(duration)}`,
  };
}
