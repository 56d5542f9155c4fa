/** Every user-facing string of the player, exactly as SPEC.md writes it (typos included). */
export const STRINGS = {
  loading: 'Loading...',
  missingMovieId: 'Пропущен movie_id в запросе',
  noEpisodes: 'Отсутсвуют эпизоды для проигрывания',
  contentNotAvailable: 'Контент не доступен',
  blocked:
    'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  genericError: (id: string) =>
    `К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ${id}`,
  reloadPage: 'Перезагрузить страницу',
  seriesTitle: (season: number, episode: number, title: string) => `${season} сезон, ${episode} серия. ${title}`,
  audio: 'Аудио',
  share: 'Поделиться',
  seasonsAndEpisodes: 'Сезоны и серии',
  nextEpisode: 'Следующий эпизод',
  skipAd: (seconds: number) => `Пропустить ${seconds}`,
  quality: 'Качество',
  speed: 'Скорость',
  subtitles: 'Субтитры',
  normalSpeed: 'Обычная',
  subtitlesOff: 'Выкл.',
  autoQuality: (height: number | null) => (height ? `Auto (${height}p)` : 'Auto'),
  height: (height: number) => `${height}p`,
  shareWithTimecode: 'Поделиться с тайм кодом',
  stoppedAt: (hms: string) => `Вы остановились на ${hms}`,
  continueWatching: 'Продолжить просмотр',
  startOver: 'Начать сначала',
  // Labels for controls the spec does not name; used as ARIA labels.
  play: 'Смотреть',
  pause: 'Пауза',
  playbackError: 'Не удалось воспроизвести видео',
  retry: 'Повторить',
} as const;
