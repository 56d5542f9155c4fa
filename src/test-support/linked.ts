import { clearNode, createNode, withRegion } from 'effector';
import { afterAll } from 'vitest';

/**
 * Makes the features' links (app/links), or builds a feature (its factory), for one test file and
 * undoes them after it: the files of a worker share their units (`isolate: false`), so a link left
 * behind would run in the next file too, and one made twice would run twice. Returns what the last
 * one returns (linkFeatures: the built features).
 */
export function linked<T>(...links: ReadonlyArray<() => T>): T {
  const region = createNode();
  let last: T | undefined;
  withRegion(region, () => {
    for (const link of links) last = link();
  });
  afterAll(() => clearNode(region, { deep: true }));
  return last as T;
}
