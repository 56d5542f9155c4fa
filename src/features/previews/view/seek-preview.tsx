import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { PreviewsModel } from '../index';
import './seek-preview.css';

// The frame and the parser load at the first hover or drag, not with the app.
const SeekPreviewFrame = lazy(() => import('./seek-preview-frame'));

/** A chunk that failed to load shows nothing: the time tooltip stays alone, and nothing is reported. */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface SeekPreviewProps {
  /** Previews' model: the track and its cues. */
  model: PreviewsModel;
  /** Seconds under the pointer (hover) or the thumb (drag). */
  time: number;
  /** Where that time is on the slider, as a CSS length (e.g. '50%'). */
  left: string;
}

/** The frame for the time under the pointer, above the seek slider's time tooltip, when the stream has previews. */
export function SeekPreview(props: SeekPreviewProps) {
  const available = useUnit(props.model.$previewAvailable);
  if (!available) return null;
  return (
    <NothingOnError>
      <Suspense fallback={null}>
        <SeekPreviewFrame {...props} />
      </Suspense>
    </NothingOnError>
  );
}
