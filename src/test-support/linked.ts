import { clearNode, createNode, withRegion } from 'effector';
import { afterAll } from 'vitest';

/**
 * Makes the features' links (app/links) for one test file and undoes them after it: the files of a
 * worker share their units (`isolate: false`), so a link left behind would run in the next file too,
 * and one made twice would run twice.
 */
export function linked(...links: ReadonlyArray<() => void>): void {
  const region = createNode();
  withRegion(region, () => {
    for (const link of links) link();
  });
  afterAll(() => clearNode(region, { deep: true }));
}
