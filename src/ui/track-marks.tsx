/**
 * Marks on the seek slider's track (placed inside it by playback's slider), each at a fraction of
 * the duration: demo mid-rolls, chapter boundaries. Decorative: the slider's own label and value
 * stay what assistive tech reads, and the marks let every pointer event through to the track.
 */
export function TrackMarks({ at, name }: { at: readonly number[]; name: string }) {
  if (at.length === 0) return null;
  return (
    <div className={name} aria-hidden="true" data-testid={name}>
      {at.map((fraction) => (
        <span key={fraction} className={`${name}__mark`} style={{ left: `${fraction * 100}%` }} />
      ))}
    </div>
  );
}
