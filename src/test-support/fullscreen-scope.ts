/** A fullscreen scope over the scripted engine, shared by fullscreen's model and devices tests. */
import { fork } from 'effector';
import { settle } from './settle';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import { postToParentFx, type ParentMessage } from '../platform/parent-bridge';
import { engineAttached } from '../features/playback';
import { $framed } from '../features/fullscreen/model';

/**
 * A scope with the scripted engine attached (`prepare` runs on it first), in a frame or not;
 * `posted` lists the messages to the parent, `commands` what the model asked of the surface.
 */
export async function attached({ framed = false, prepare = (_: ScriptedEngine) => {} } = {}) {
  const posted: ParentMessage[] = [];
  const scope = fork({ values: [[$framed, framed]], handlers: [[postToParentFx, (message: ParentMessage) => (posted.push(message), true)]] });
  const engine = createScriptedEngine();
  prepare(engine);
  await settle(engineAttached, { scope, params: engine });
  const surface = engine.surface;
  const commands = () => surface.calls.map(({ command, args }) => (args.length ? `${command} ${args.join(' ')}` : command));
  return { scope, engine, surface, posted, commands };
}
