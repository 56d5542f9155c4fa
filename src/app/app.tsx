import { useUnit } from 'effector-react';
import { SessionScreen } from '../features/session/view';
// The views in the order their stylesheets cascade (esbuild bundles CSS in import order):
// surface, tracks, menus, ad overlay, resume prompt, series, share, chapters, seek preview.
import { PlayerLayout } from '../features/playback/view';
import { Captions } from '../features/tracks/view';
import { MenuBackdrop, SettingsButton, SettingsMenu, SubtitlesButton } from '../features/menus/view';
import { CastButton, FullscreenButton, PipButton, StretchedCloseButton } from '../features/fullscreen/view';
import { AdOverlay, MidrollMarks } from '../features/ads/view';
import { ResumePrompt } from '../features/progress/view';
import { FinishEpisodeCard, NextEpisodeButton, SeasonsButton, SeasonsMenu } from '../features/series/view';
import { SharePopup } from '../features/share/view';
import { ChapterGaps, ChapterTitle, SkipChapterButton } from '../features/chapters/view';
import { SeekPreview } from '../features/previews/view';
import type { SessionModel } from '../features/session';
import type { Features } from './create-features';

function Title({ model }: { model: SessionModel }) {
  const title = useUnit(model.$title);
  return title ? (
    <h1 className="player__title" data-testid="title">
      {title}
    </h1>
  ) : null;
}

/** The player's views; those of the features built by a factory read its model (create-features.ts). */
export function App({ features }: { features: Features }) {
  return (
    <SessionScreen model={features.session}>
      <PlayerLayout
        model={features.playback}
        top={<Title model={features.session} />}
        overlay={<Captions model={features.tracks} />}
        seekMarks={
          <>
            <ChapterGaps model={features.chapters} />
            <MidrollMarks model={features.ads} />
          </>
        }
        seekTipTitle={(time) => <ChapterTitle model={features.chapters} time={time} />}
        seekPreview={(time, left) => <SeekPreview model={features.previews} time={time} left={left} />}
        menu={
          <>
            <SkipChapterButton model={features.chapters} playback={features.playback} />
            <FinishEpisodeCard model={features.series} playback={features.playback} />
            <MenuBackdrop model={features.menus} />
            <SettingsMenu model={features.menus} playback={features.playback} tracks={features.tracks} chapters={features.chapters} series={features.series} />
            <SeasonsMenu model={features.series} playback={features.playback} />
            <SharePopup model={features.share} playback={features.playback} />
            <ResumePrompt model={features.progress} />
          </>
        }
        controlsExtra={
          <>
            <SeasonsButton model={features.series} />
            <NextEpisodeButton model={features.series} />
          </>
        }
        mobileTopLeft={
          <>
            <SeasonsButton model={features.series} />
            <NextEpisodeButton model={features.series} />
          </>
        }
        controlsRight={
          <>
            <CastButton model={features.fullscreen} />
            <SettingsButton model={features.menus} />
            <SubtitlesButton model={features.menus} tracks={features.tracks} />
            <PipButton model={features.fullscreen} />
          </>
        }
        fullscreenButton={<FullscreenButton model={features.fullscreen} />}
        mobileTopRight={
          <>
            <SettingsButton model={features.menus} />
            <StretchedCloseButton model={features.fullscreen} />
          </>
        }
      />
      <AdOverlay model={features.ads} />
    </SessionScreen>
  );
}
