/** Entry point: `node dist/server/index.mjs` (env PLAYER_PORT, default 4100; HARNESS_PORT, default 4101; DIST_DIR, default dist). */
import { startServer } from './server';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return port;
}

const server = await startServer({
  playerPort: portFromEnv('PLAYER_PORT', 4100),
  harnessPort: portFromEnv('HARNESS_PORT', 4101),
  ...(process.env.DIST_DIR ? { distDir: process.env.DIST_DIR } : {}),
}).catch((err: unknown) => {
  console.error('harness server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

console.log(`player: ${server.playerUrl}`);
console.log(`harness: ${server.harnessUrl}`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(0), 3000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
