/**
 * The app's chunks, which the build lists in the page: asked for together at the app's turn, not
 * one round trip after another (on a phone's link, about 0.7 s). Resolves when every one has come
 * (or failed: the app's import reports that).
 */
export function preloadAppChunks(): Promise<void> {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content.split(' ') ?? [];
  const loads = chunks.filter(Boolean).map(
    (href) =>
      new Promise<void>((settled) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.addEventListener('load', () => settled(), { once: true });
        link.addEventListener('error', () => settled(), { once: true });
        document.head.append(link);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}
