/** A React root in a host element of its own for every test of a view file, unmounted after it (under happy-dom). */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

export function useReactRoot(): { host: () => HTMLElement; root: () => Root } {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    actFlag.IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    delete actFlag.IS_REACT_ACT_ENVIRONMENT;
  });
  return { host: () => host, root: () => root };
}
