/**
 * A feature's `connect`: its links to the other features, made once however often it is called.
 * Units are their modules' own, so wiring them twice would run every link twice; the player
 * connects each feature once (app/connect-features.ts), and a test connects those it needs.
 */
export function connector(connect: () => void): () => void {
  let connected = false;
  return () => {
    if (connected) return;
    connected = true;
    connect();
  };
}
