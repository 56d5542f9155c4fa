/** Removes a leading "N. " from an episode title ('3. Имя' → 'Имя'). */
export function cleanTitle(title: string): string {
  return title.replace(/^\d+\.\s/, '');
}

/** The film-database title id from an IMDb URL of the form .../title/<alphanumeric id>, else ''. */
export function imdbTitleId(url: string | null | undefined): string {
  if (!url) return '';
  const match = /\/title\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/.exec(url);
  return match?.[1] ?? '';
}
