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
  // Caption style (beyond SPEC.md).
  captionStyle: 'Стиль субтитров',
  captionSize: 'Размер',
  captionLook: 'Оформление',
  captionSizes: { small: 'Маленький', medium: 'Средний', large: 'Крупный' },
  captionPresets: { shaded: 'Белый на тёмном фоне', yellow: 'Жёлтый на чёрном', outline: 'Белый с обводкой' },
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
  // Player surface controls (ARIA labels and tooltips).
  buffering: 'Загрузка',
  seekBack: 'Назад на 10 секунд',
  seekForward: 'Вперёд на 10 секунд',
  seekSlider: 'Перемотка',
  mute: 'Выключить звук',
  unmute: 'Включить звук',
  volume: 'Громкость',
  settings: 'Настройки',
  back: 'Назад',
  close: 'Закрыть',
  fullscreenEnter: 'Во весь экран',
  fullscreenExit: 'Выйти из полноэкранного режима',
  pipEnter: 'Картинка в картинке',
  pipExit: 'Выйти из режима «картинка в картинке»',
  castToTv: 'Смотреть на телевизоре',
  settingsMenu: 'Меню настроек',
  playbackRate: (rate: number) => String(rate),
  seriesEpisode: (season: number, episode: number) => `${season} сезон, ${episode} серия`,
  seekFlash: (seconds: number) => `${seconds} сек.`,
  // Ad overlay (issue 5). 'Пропустить N' counts down; then the button reads 'Пропустить'.
  skipAdNow: 'Пропустить',
  adBadge: 'Реклама',
  // A break of several ads (issue 25): 'Реклама 1 из 2'.
  adPodBadge: (index: number, count: number) => `Реклама ${index} из ${count}`,
  adVisitSite: 'Перейти на сайт',
  adRemaining: (hms: string) => `Реклама закончится через ${hms}`,
  adLoading: 'Загрузка рекламы',
  // Series, resume and share (issue 6).
  seasonNumber: (season: number) => `${season} сезон`,
  episodeNumber: (episode: number) => `${episode} серия`,
  episodeWatched: 'Просмотрено',
  // The end-of-episode card (issue 22).
  finishCountdown: (seconds: number) => `Через ${seconds} сек.`,
  watchNow: 'Смотреть сейчас',
  copyLink: 'Копировать ссылку',
  linkCopied: 'Ссылка скопирована',
  // Keyboard help, the '?' dialog (issue 25). Keys as printed on a keyboard.
  shortcutsTitle: 'Горячие клавиши',
  shortcutKeysHeader: 'Клавиши',
  shortcutActionHeader: 'Действие',
  shortcutOr: 'или',
  keySpace: 'Пробел',
  keyDigits: '0–9',
  shortcutTogglePlay: 'Воспроизведение и пауза',
  shortcutVolumeUp: 'Громче на 5%',
  shortcutVolumeDown: 'Тише на 5%',
  shortcutFullscreen: 'Во весь экран и обратно',
  shortcutMute: 'Выключить или включить звук',
  shortcutSubtitles: 'Включить или выключить субтитры',
  shortcutSeekToFraction: 'Перейти к 0–90% видео',
  shortcutEscape: 'Закрыть меню или окно, выйти из растянутого режима',
  shortcutHelp: 'Показать это окно',
  shortcutsLayoutNote: 'Буквы работают и в русской раскладке.',
  // Screen reader announcements of the viewer's changes (a polite live region, issue 25).
  announceSeek: (seconds: number) => `${seconds > 0 ? 'Вперёд' : 'Назад'} на ${Math.abs(seconds)} ${secondsWord(Math.abs(seconds))}`,
  announcePosition: (percent: number) => `Позиция: ${percent}%`,
  announceVolume: (percent: number) => `Громкость ${percent}%`,
  announceMuted: 'Звук выключен',
  announceUnmuted: 'Звук включён',
  announceQuality: (label: string) => `Качество: ${label}`,
  announceQualityAuto: 'Качество: автоматически',
  announceSpeed: (rate: number) => `Скорость: ${String(rate).replace('.', ',')}`,
  announceSpeedNormal: 'Скорость: обычная',
  announceSubtitles: (name: string) => `Субтитры: ${name}`,
  announceSubtitlesOff: 'Субтитры выключены',
  // Chapters (issue 41): the skip buttons, the setting, the credits' button on the end-of-episode card.
  skipIntro: 'Пропустить заставку',
  skipRecap: 'Пропустить пересказ',
  autoSkipIntro: 'Пропускать заставку',
  watchCredits: 'Смотреть титры',
  announceSkipIntro: 'Можно пропустить заставку',
  announceSkipRecap: 'Можно пропустить пересказ',
} as const;

/** 'секунду', 'секунды' or 'секунд' after a whole number, as in 'на 10 секунд'. */
function secondsWord(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (ones === 1 && tens !== 11) return 'секунду';
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return 'секунды';
  return 'секунд';
}
