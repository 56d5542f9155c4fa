/**
 * For model tests under vitest's fake timers: `allSettled` waits for every timer the units
 * started (the controls' 1 s idle debounce, for one), which in real time costs real seconds.
 */
import { allSettled, type EventCallable, type Scope } from 'effector';
import { vi } from 'vitest';

/** Fires `unit` and runs out every timer it started, in fake time; resolves once the scope settles. */
export async function settle<T>(unit: EventCallable<T>, config: { scope: Scope; params?: NoInfer<T> }): Promise<void> {
  const settled = allSettled(unit, config as { scope: Scope; params: T });
  await vi.runAllTimersAsync();
  await settled;
}
