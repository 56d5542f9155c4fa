import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createSessions } from './session';
import './harness.css';

const root = createRoot(document.getElementById('root')!);

// A session's app is keyed by its number: a new session mounts it afresh, with its own frame,
// streams and panels.
window.harness = createSessions((session, now) => {
  const app =
    session === null ? null : (
      <StrictMode>
        <App key={session} />
      </StrictMode>
    );
  if (now) flushSync(() => root.render(app));
  else root.render(app);
}, window);
