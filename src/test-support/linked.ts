import { clearNode, createNode, withRegion, type Node } from 'effector';
import { afterAll, afterEach, beforeEach } from 'vitest';

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

/**
 * Builds anew for each test of the file (before it), in a region cleared after it: for models that
 * keep what they made for one scope, as the ads model keeps its ad video and hears its facts in the
 * scope that made it. Returns a getter for the current test's build.
 */
export function linkedEach<T>(build: () => T): () => T {
  let region: Node | null = null;
  let built: T | undefined;
  beforeEach(() => {
    region = createNode();
    built = withRegion(region, build);
  });
  afterEach(() => {
    if (region) clearNode(region, { deep: true });
    region = null;
  });
  return () => built as T;
}
