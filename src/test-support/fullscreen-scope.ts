/** A fullscreen scope over the scripted engine, shared by fullscreen's model and devices tests. */
import { fork, type StoreWritable } from 'effector';
import { settle } from './settle';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import { postToParentFx, type ParentMessage } from '../platform/parent-bridge';
import type { PlaybackModel } from '../features/playback';

/** Fullscreen built on playback's units as the player builds it; a test calls it inside linked(). */
export { fullscreenOnPlayback as createPlaybackFullscreen } from '../app/playback-features';

/**
 * A scope with the scripted engine attached (`prepare` runs on it first), in a frame or not, for
 * the fullscreen model whose `$framed` it sets; `posted` lists the messages to the parent,
 * `commands` what the model asked of the surface.
 */
export async function attached(
  { $framed }: { $framed: StoreWritable<boolean> },
  { engineAttached }: Pick<PlaybackModel, 'engineAttached'>,
  { framed = false, prepare = (_: ScriptedEngine) => {} } = {},
) {
  const posted: ParentMessage[] = [];
  const scope = fork({ values: [[$framed, framed]], handlers: [[postToParentFx, (message: ParentMessage) => (posted.push(message), true)]] });
  const engine = createScriptedEngine();
  prepare(engine);
  await settle(engineAttached, { scope, params: engine });
  const surface = engine.surface;
  const commands = () => surface.calls.map(({ command, args }) => (args.length ? `${command} ${args.join(' ')}` : command));
  return { scope, engine, surface, posted, commands };
}
