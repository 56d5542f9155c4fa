/**
 * The player page's entry: the page's start first (src/start: the start-up calls, the engine, the
 * start episode), then, when its turn comes, the app (create-player.tsx: the models and the views).
 */
import { startPage } from '../start';
import './player.css';

/**
 * The app's chunks, which the build lists in the page: asked for together at the app's turn, not
 * one round trip after another (on a phone's link, about 0.7 s).
 */
function preloadApp(): void {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content.split(' ') ?? [];
  for (const href of chunks.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const page = startPage();
void page.appTurn
  .then(() => {
    preloadApp();
    return import('./create-player');
  })
  .then(({ createPlayer }) => createPlayer(page));
