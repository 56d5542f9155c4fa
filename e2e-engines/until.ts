import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `read` until `ok` holds; on time-out fails with `what` and the last value read. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeout = 15_000, interval = 150): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      error = undefined;
      if (ok(last)) return last;
    } catch (caught) {
      error = caught;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeout / 1000} s; last read: ${error ? String(error) : JSON.stringify(last)}`);
    await sleep(interval);
  }
}
