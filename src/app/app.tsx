import { useUnit } from 'effector-react';
import { AdOverlay } from '../features/ads';
import { $title, SessionScreen } from '../features/session';
import { PlayerSurface } from '../features/playback';
import { Captions } from '../features/tracks';
import { MenuBackdrop, SettingsButton, SettingsMenu, SubtitlesButton } from '../features/menus';
import { CastButton, FullscreenButton, PipButton, StretchedCloseButton } from '../features/fullscreen';
import { FinishEpisodeCard, NextEpisodeButton, SeasonsButton, SeasonsMenu } from '../features/series';
import { ResumePrompt } from '../features/progress';
import { SharePopup } from '../features/share';

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
      <PlayerSurface
        video={video}
        top={<Title />}
        overlay={<Captions />}
        menu={
          <>
            <FinishEpisodeCard />
            <MenuBackdrop />
            <SettingsMenu />
            <SeasonsMenu />
            <SharePopup />
            <ResumePrompt />
          </>
        }
        controlsExtra={
          <>
            <SeasonsButton />
            <NextEpisodeButton />
          </>
        }
        mobileTopLeft={
          <>
            <SeasonsButton />
            <NextEpisodeButton />
          </>
        }
        controlsRight={
          <>
            <CastButton />
            <SettingsButton />
            <SubtitlesButton />
            <PipButton />
          </>
        }
        fullscreenButton={<FullscreenButton />}
        mobileTopRight={
          <>
            <SettingsButton />
            <StretchedCloseButton />
          </>
        }
      />
      <AdOverlay />
    </SessionScreen>
  );
}
