/**
 * The documented embed code (docs/embedding.md): what a site pastes to show the player. The
 * harness's site pages (/films/<slug>) use it as it is, so the e2e tests check what sites get.
 */
export interface EmbedCodeOptions {
  /** The player's origin, e.g. https://player.example. */
  playerOrigin: string;
  /** The player's query: movie_id, auto_play, season, episode, t... */
  query: Record<string, string>;
  /** The frame's accessible name. */
  title?: string;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function embedCode({ playerOrigin, query, title = 'Видеоплеер' }: EmbedCodeOptions): string {
  const src = `${playerOrigin}/?${new URLSearchParams(query)}`;
  // referrerpolicy: the browser's default sends a cross-origin frame only the site's origin; the
  // player needs the page's full address for its share links (SPEC.md §2).
  return [
    `<iframe src="${escapeAttr(src)}"`,
    `  title="${escapeAttr(title)}"`,
    '  allow="autoplay; fullscreen; picture-in-picture; encrypted-media; clipboard-write; web-share"',
    '  allowfullscreen',
    '  referrerpolicy="no-referrer-when-downgrade"',
    '  style="width: 100%; aspect-ratio: 16 / 9; border: 0"></iframe>',
  ].join('\n');
}
