import { useState } from 'react';
import {
  ACTIONS,
  GETTERS,
  describeAnswer,
  setterArgument,
  setterText,
  withSetterText,
  type MethodName,
  type SetterInputs,
  type SetterName,
  type TextSetterName,
} from './embed-console';
import type { DriverState, EmbedConsole } from './useEmbedConsole';

function stateText(state: DriverState, off: string): string {
  switch (state.status) {
    case 'off':
      return off;
    case 'waiting-frame':
      return 'waiting for the player frame to load…';
    case 'attaching':
      return 'attaching…';
    case 'attached':
      return 'attached';
    case 'failed':
      return state.error;
  }
}

const SETTER_FIELDS: ReadonlyArray<{ method: SetterName; label: string }> = [
  { method: 'setVolume', label: '0–100' },
  { method: 'setCurrentTime', label: 'seconds' },
  { method: 'setLoop', label: 'loop' },
  { method: 'setEpisode', label: 'episode id' },
];

interface SdkConsoleProps {
  embed: EmbedConsole;
  usePlayerjs: boolean;
  onUsePlayerjs(on: boolean): void;
}

/** The Embed tab's console: the drivers' states, a button per SDK method and the answers. */
export function SdkConsole({ embed, usePlayerjs, onUsePlayerjs }: SdkConsoleProps) {
  const [inputs, setInputs] = useState<SetterInputs>({ volume: '50', time: '10', loop: true, episode: '10212' });
  const lastAnswer = embed.lastMethod ? embed.answers[embed.lastMethod] : undefined;
  const button = (method: MethodName, argument?: number | boolean) => <MethodButton method={method} embed={embed} usePlayerjs={usePlayerjs} argument={argument} />;

  return (
    <section className="embed-section">
      <DriverStates embed={embed} usePlayerjs={usePlayerjs} onUsePlayerjs={onUsePlayerjs} />
      <div className="embed-methods" role="group" aria-label="Methods">
        {ACTIONS.map((method) => (
          <span key={method}>{button(method)}</span>
        ))}
      </div>

      <table className="log-table embed-table">
        <tbody>
          {GETTERS.map((method) => {
            const answer = embed.answers[method];
            return (
              <tr key={method}>
                <td className="embed-col-method">{button(method)}</td>
                <td className={`mono wrap${answer?.state === 'failed' ? ' error-text' : ''}`} data-testid={`sdk-getter-${method}`}>
                  {answer ? describeAnswer(answer) : ''}
                </td>
              </tr>
            );
          })}
          {SETTER_FIELDS.map(({ method, label }) => {
            const answer = embed.answers[method];
            return (
              <tr key={method}>
                <td className="embed-col-method">{button(method, setterArgument(method, inputs))}</td>
                <td>
                  <label className="field embed-setter">
                    {method === 'setLoop' ? (
                      <input type="checkbox" checked={inputs.loop} onChange={(e) => setInputs((s) => ({ ...s, loop: e.target.checked }))} data-testid="sdk-input-setLoop" />
                    ) : (
                      <SetterField method={method} label={label} inputs={inputs} onInputs={setInputs} />
                    )}
                    <span>{label}</span>
                  </label>
                  {answer && <span className={`mono small embed-setter-answer${answer.state === 'failed' ? ' error-text' : ' muted'}`}>{describeAnswer(answer)}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <div className="embed-answer" role="status">
        <span className="muted">Last call:</span>{' '}
        <span
          className={`mono wrap${lastAnswer?.state === 'failed' ? ' error-text' : ''}`}
          data-testid="sdk-answer"
          data-method={lastAnswer?.method}
          data-via={lastAnswer?.via}
          data-state={lastAnswer?.state}
        >
          {lastAnswer ? describeAnswer(lastAnswer) : '—'}
        </span>
      </div>
    </section>
  );
}

/** The SDK's state, what it attaches with, and the switch to drive the buttons with player.js instead. */
function DriverStates({ embed, usePlayerjs, onUsePlayerjs }: SdkConsoleProps) {
  const sdkFailed = embed.sdkState.status === 'failed';
  const playerjsFailed = embed.playerjsState.status === 'failed';
  return (
    <>
      <div className="embed-head">
        <h3>SDK console</h3>
        <span className={`embed-state embed-state-${embed.sdkState.status}`} data-testid="sdk-state" data-state={embed.sdkState.status} role={sdkFailed ? 'alert' : undefined}>
          {stateText(embed.sdkState, 'not attached')}
        </span>
      </div>
      <p className="muted small">
        <code className="mono">FilmPlayer.attach(#player-frame)</code> (sdk/film-player.ts) on each load of the player frame, the old one
        destroyed; <code className="mono">reportPageUrl: false</code>, so the harness's address never becomes the share address.
      </p>
      <div className="embed-driver">
        <label className="check" title="The buttons call through playerjs.Player (player.js 0.1.0) on the same frame instead of the SDK">
          <input type="checkbox" checked={usePlayerjs} onChange={(e) => onUsePlayerjs(e.target.checked)} data-testid="embed-driver-toggle" />
          <span>Drive with player.js</span>
        </label>
        {usePlayerjs && (
          <span className={`embed-state embed-state-${embed.playerjsState.status}`} data-testid="playerjs-state" data-state={embed.playerjsState.status} role={playerjsFailed ? 'alert' : undefined}>
            player.js: {stateText(embed.playerjsState, 'off')}
          </span>
        )}
      </div>
    </>
  );
}

/** One method's button, through the driver the console uses now. */
function MethodButton({ method, embed, usePlayerjs, argument }: { method: MethodName; embed: EmbedConsole; usePlayerjs: boolean; argument?: number | boolean | undefined }) {
  const via = usePlayerjs ? 'player.js' : 'SDK';
  const disabled = !embed.driverReady;
  return (
    <button
      type="button"
      className="btn btn-small mono"
      disabled={disabled}
      title={disabled ? `${via} is not ready` : `Calls ${method} through ${via}`}
      onClick={() => embed.call(method, argument)}
      data-testid={`sdk-method-${method}`}
    >
      {method}
    </button>
  );
}

/** A numeric setter's field: volume 0–100, seconds, or an episode id. */
function SetterField({ method, label, inputs, onInputs }: { method: TextSetterName; label: string; inputs: SetterInputs; onInputs(change: (inputs: SetterInputs) => SetterInputs): void }) {
  return (
    <input
      className="input mono embed-input"
      type="number"
      min={0}
      max={method === 'setVolume' ? 100 : undefined}
      step={method === 'setCurrentTime' ? 'any' : 1}
      value={setterText(method, inputs)}
      onChange={(e) => {
        const value = e.target.value;
        onInputs((s) => withSetterText(s, method, value));
      }}
      aria-label={`${method} ${label}`}
      data-testid={`sdk-input-${method}`}
    />
  );
}
