import { useUnit } from 'effector-react';
import { $title, SessionScreen } from '../features/session';
import { PlayerSurface } from '../features/playback';

function Title() {
  const title = useUnit($title);
  return title ? (
    <h1 className="player__title" data-testid="title">
      {title}
    </h1>
  ) : null;
}

export function App({ video }: { video: HTMLVideoElement }) {
  return (
    <SessionScreen>
      <PlayerSurface video={video} top={<Title />} />
    </SessionScreen>
  );
}
