/**
 * The player page's entry: the page's start first (src/start: the start-up calls, the engine, the
 * start episode), then, when its turn comes, the app (create-player.tsx: the models and the views).
 */
import { importApp, startPage } from '../start';
import './player.css';

const page = startPage();
void page.appTurn
  .then(importApp)
  .then(({ createPlayer }) => createPlayer(page));
