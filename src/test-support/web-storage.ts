/** A Web Storage double holding `initial`, whose reads or writes throw the error given (quota, security). */
export function fakeStorage(initial: Record<string, string>, faults: { getItem?: Error; setItem?: Error } = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => {
      if (faults.getItem) throw faults.getItem;
      return map.get(k) ?? null;
    },
    setItem: (k, v) => {
      if (faults.setItem) throw faults.setItem;
      map.set(k, String(v));
    },
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}
