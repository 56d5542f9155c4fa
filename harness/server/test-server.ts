/** For the server's own tests: one harness server on free ports per test file. */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server';

export interface TestServer {
  server: RunningServer;
  /** http://localhost:<port>, no trailing slash. */
  player: string;
  /** http://127.0.0.1:<port>, no trailing slash. */
  harness: string;
}

/** Starts the server before the file's tests and closes it after; read the fields inside tests. */
export function useTestServer(): TestServer {
  const origins = {} as TestServer;
  beforeAll(async () => {
    origins.server = await startServer({ playerPort: 0, harnessPort: 0, quiet: true });
    origins.player = origins.server.playerUrl.replace(/\/$/, '');
    origins.harness = origins.server.harnessUrl.replace(/\/$/, '');
  });
  afterAll(async () => {
    await origins.server?.close();
  });
  return origins;
}
