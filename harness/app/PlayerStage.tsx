import { memo, useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { VIEWPORTS, type ViewportId } from './scenarios';

export const FRAME_ALLOW = 'autoplay; fullscreen; picture-in-picture; encrypted-media; clipboard-write';

interface PlayerStageProps {
  src: string;
  frameKey: string;
  viewport: ViewportId;
  fullscreen: boolean;
  frameRef: Ref<HTMLIFrameElement>;
  /** The harness server is unreachable: a frame still loading will not load. */
  serverDown?: boolean;
}

/** The player iframe at the preset viewport size, scaled down to fit the column (never up). */
export const PlayerStage = memo(function PlayerStage({ src, frameKey, viewport, fullscreen, frameRef, serverDown = false }: PlayerStageProps) {
  const { width, height } = VIEWPORTS[viewport];
  const areaRef = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(width);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const loading = loadedKey !== frameKey;

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const measure = () => setAvailable(area.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, Math.max(0.1, available / width));

  // While the frame is stretched over the page, the page itself must not scroll behind it.
  useEffect(() => {
    document.documentElement.classList.toggle('frame-fullscreen', fullscreen);
    return () => document.documentElement.classList.remove('frame-fullscreen');
  }, [fullscreen]);

  return (
    <div className="stage-area" ref={areaRef}>
      <div className="frame-box" style={{ width: width * scale, height: height * scale }} aria-busy={loading}>
        {loading && (
          <div className="frame-loading" role="status" data-testid="frame-loading">
            <span className="spinner" aria-hidden="true" />
            {serverDown ? 'Player page not loading: the harness server is unreachable' : 'Loading the player page…'}
          </div>
        )}
        <iframe
          key={frameKey}
          ref={frameRef}
          id="player-frame"
          data-testid="player-frame"
          data-fullscreen={fullscreen ? 'true' : 'false'}
          title="Player"
          src={src}
          allow={FRAME_ALLOW}
          allowFullScreen
          onLoad={() => setLoadedKey(frameKey)}
          className={fullscreen ? 'player-frame is-fullscreen' : 'player-frame'}
          style={fullscreen ? undefined : { width, height, transform: scale === 1 ? undefined : `scale(${scale})` }}
        />
      </div>
      <div className="frame-caption mono">
        {width}×{height}
        {scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : ''}
        {fullscreen ? ' · parent fullscreen' : ''}
      </div>
    </div>
  );
});
