/**
 * The scenario panel's custom sources (issue 26): 'Свой поток' (any HLS address), a VAST tag or
 * pasted XML as the pre-roll of any scenario, and a staging catalogue. Everything lives in the
 * harness link (custom-source.ts) except pasted XML, kept in sessionStorage by its id.
 */
import { memo, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  CORS_PROBE_ROUTE,
  CUSTOM_SCENARIO_ID,
  customVastUrl,
  PASTED_VAST_PREFIX,
  PASTED_VAST_ROUTE,
  PASTED_VAST_STORAGE_KEY,
  customPlan,
  rewriteVast,
  type CustomLink,
  type CustomPlan,
} from '../common/custom-source';
import { closeStaging, isPastedXml, openStaging, playStream, setPastedVast, setVastTag } from './custom-link-edits';
import { errorText } from './embed-console';
import type { HarnessState } from './scenarios';
import './custom-sources.css';

export interface CorsProbeState {
  src: string;
  origin: string;
  checking: boolean;
  ok: boolean;
  message: string;
}

export interface CustomSource {
  plan: CustomPlan;
  /** False until a pasted VAST named by the link is known to the server: the player waits. */
  ready: boolean;
  /** Why the pasted VAST cannot be served (it is no longer in this tab). */
  pastedError: string | null;
  probe: CorsProbeState | null;
  /** What the Ads tab's inspector shows for the custom tag: what the player gets. */
  inspectorInput: string | null;
}

function storedXml(id: string): string | null {
  try {
    return sessionStorage.getItem(PASTED_VAST_STORAGE_KEY + id);
  } catch {
    return null;
  }
}

/** Sends pasted XML to the server; its id names it in the link. */
export async function registerPastedVast(xml: string): Promise<string> {
  const response = await fetch(PASTED_VAST_ROUTE, { method: 'POST', body: xml, headers: { 'Content-Type': 'application/xml' } });
  const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
  if (!response.ok || !body.id) throw new Error(body.message ?? `HTTP ${response.status}`);
  try {
    sessionStorage.setItem(PASTED_VAST_STORAGE_KEY + body.id, xml);
  } catch {
    // A full or denied storage only loses the text for a reload of this tab.
  }
  return body.id;
}

const pasteRefused = (error: unknown) => `VAST: the harness server refused the pasted XML (${errorText(error)})`;

/** The custom plan of the state, the pasted-VAST gate and the CORS probe of a custom stream. */
export function useCustomSource(state: HarnessState, frameOrigin: string, harnessOrigin: string): CustomSource {
  const { scenarioId, custom } = state;
  const plan = useMemo(() => customPlan(scenarioId, custom), [scenarioId, custom]);
  const pastedId = plan.pastedVastId;
  const [known, setKnown] = useState<string | null>(null);
  const [pastedError, setPastedError] = useState<string | null>(null);
  const [probe, setProbe] = useState<CorsProbeState | null>(null);

  // A link with vast=xml:<id> after a server restart: the tab still holds the text, so send it again.
  useEffect(() => {
    setPastedError(null);
    if (!pastedId) return;
    let live = true;
    void (async () => {
      const head = await fetch(`${PASTED_VAST_ROUTE}/${pastedId}`).catch(() => null);
      if (head?.ok) return live && setKnown(pastedId);
      const xml = storedXml(pastedId);
      if (xml === null) return live && setPastedError('VAST: the pasted document of this link is not in this tab; paste the XML again');
      await registerPastedVast(xml).then(
        () => live && setKnown(pastedId),
        (error: unknown) => live && setPastedError(pasteRefused(error)),
      );
    })();
    return () => {
      live = false;
    };
  }, [pastedId]);

  const src = plan.src;
  useEffect(() => {
    if (!src) return setProbe(null);
    let live = true;
    setProbe({ src, origin: frameOrigin, checking: true, ok: false, message: 'Checking the address and its CORS…' });
    void fetch(`${CORS_PROBE_ROUTE}?${new URLSearchParams({ src, origin: frameOrigin })}`)
      .then((r) => r.json() as Promise<{ ok?: boolean; message?: string }>)
      .then(
        (body) => live && setProbe({ src, origin: frameOrigin, checking: false, ok: body.ok === true, message: body.message ?? 'no answer' }),
        () => live && setProbe({ src, origin: frameOrigin, checking: false, ok: false, message: 'The harness server did not answer the CORS probe' }),
      );
    return () => {
      live = false;
    };
  }, [src, frameOrigin]);

  // The stored text and its rewrite are read once per tag, not at every render of the page.
  const vastUrl = plan.vastUrl;
  const inspectorInput = useMemo(() => {
    if (vastUrl) return customVastUrl(vastUrl);
    const pastedXml = pastedId ? storedXml(pastedId) : null;
    return pastedXml !== null ? rewriteVast(pastedXml, harnessOrigin) : null;
  }, [vastUrl, pastedId, harnessOrigin]);
  const ready = !pastedId || known === pastedId;
  const shownProbe = probe && probe.src === src ? probe : null;
  // One object while nothing in it changes: the form is memoised on it.
  return useMemo(() => ({ plan, ready, pastedError, probe: shownProbe, inspectorInput }), [plan, ready, pastedError, shownProbe, inspectorInput]);
}

interface CustomSourceFormProps {
  state: HarnessState;
  custom: CustomSource;
  onChange(patch: Partial<HarnessState>): void;
}

type FormProps = { link: CustomLink; onChange(patch: Partial<HarnessState>): void };

export const CustomSourceForm = memo(function CustomSourceForm({ state, custom, onChange }: CustomSourceFormProps) {
  const link = state.custom;
  const [pasteError, setPasteError] = useState<string | null>(null);
  const errors = [...custom.plan.errors, ...(custom.pastedError ? [custom.pastedError] : []), ...(pasteError ? [pasteError] : [])];
  const probe = custom.probe;

  return (
    <section className="scenario-group custom-sources" aria-label="Custom sources" data-testid="custom-sources">
      <h2 className="section-title">Свой поток · VAST · staging</h2>
      {errors.length > 0 && (
        <ul className="error-text" role="alert" data-testid="custom-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {probe && (
        <p className={probe.ok ? 'muted mono' : 'error-text'} role="status" data-testid="custom-probe" data-ok={String(probe.ok)} data-checking={String(probe.checking)}>
          {probe.message}
        </p>
      )}
      <StreamForm link={link} playing={state.scenarioId === CUSTOM_SCENARIO_ID} onChange={onChange} />
      <VastForm link={link} onChange={onChange} onPasteError={setPasteError} />
      <StagingForm link={link} scenarioId={state.scenarioId} onChange={onChange} />
    </section>
  );
});

/** 'Свой поток': any HLS address, played as the custom scenario. */
function StreamForm({ link, playing, onChange }: FormProps & { playing: boolean }) {
  const [src, setSrc] = useState(link.src ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(playStream(link, src));
  };
  return (
    <form onSubmit={submit} className="custom-form">
      <input
        className="input mono"
        value={src}
        onChange={(e) => setSrc(e.target.value)}
        placeholder="https://partner.example/master.m3u8"
        aria-label="HLS address"
        spellCheck={false}
        data-testid="custom-src-input"
      />
      <button type="submit" className={`btn${playing ? ' btn-primary' : ''}`} data-testid="custom-src-play">
        Свой поток
      </button>
    </form>
  );
}

/** The pre-roll of any scenario: a VAST tag's address, or pasted XML the server keeps first. */
function VastForm({ link, onChange, onPasteError }: FormProps & { onPasteError(message: string | null): void }) {
  const [vast, setVast] = useState(() => (link.vast?.startsWith(PASTED_VAST_PREFIX) ? (storedXml(link.vast.slice(PASTED_VAST_PREFIX.length)) ?? '') : (link.vast ?? '')));
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onPasteError(null);
    if (!isPastedXml(vast)) return onChange(setVastTag(link, vast));
    setBusy(true);
    try {
      onChange(setPastedVast(link, await registerPastedVast(vast.trim())));
    } catch (error) {
      onPasteError(pasteRefused(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="custom-form">
      <textarea
        className="input mono"
        value={vast}
        onChange={(e) => setVast(e.target.value)}
        placeholder="VAST tag address, or paste the XML"
        aria-label="VAST tag or XML"
        rows={2}
        spellCheck={false}
        data-testid="custom-vast-input"
      />
      <button type="submit" className="btn" disabled={busy} data-testid="custom-vast-apply">
        Pre-roll
      </button>
      {link.vast !== null && (
        <button type="button" className="btn btn-ghost" onClick={() => onChange(setVastTag(link, null))} data-testid="custom-vast-clear">
          No tag
        </button>
      )}
    </form>
  );
}

/** A staging catalogue, with a content id in it, for the fixture scenarios. */
function StagingForm({ link, scenarioId, onChange }: FormProps & { scenarioId: string }) {
  const [base, setBase] = useState(link.base ?? '');
  const [contentId, setContentId] = useState(link.contentId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(openStaging(scenarioId, link, base, contentId));
  };
  return (
    <form onSubmit={submit} className="custom-form">
      <input
        className="input mono"
        value={base}
        onChange={(e) => setBase(e.target.value)}
        placeholder="staging base: https://…"
        aria-label="Staging base address"
        spellCheck={false}
        data-testid="custom-base-input"
      />
      <input
        className="input mono"
        value={contentId}
        onChange={(e) => setContentId(e.target.value)}
        placeholder="content id"
        aria-label="Content id"
        inputMode="numeric"
        data-testid="custom-content-id"
      />
      <button type="submit" className="btn" data-testid="custom-base-open">
        Staging
      </button>
      {link.base !== null && (
        <button type="button" className="btn btn-ghost" onClick={() => onChange(closeStaging(link))} data-testid="custom-base-clear">
          Fixtures
        </button>
      )}
    </form>
  );
}
