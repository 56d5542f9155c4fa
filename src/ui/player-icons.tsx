/**
 * Stroke icons of the player controls (24×24, currentColor). Shapes after Lucide (ISC licence),
 * redrawn inline so the controls need no image requests.
 */
import type { ReactNode, SVGProps } from 'react';

const Stroke = ({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
);

const StepLabel = () => (
  <text x="12" y="15.6" fill="currentColor" stroke="none" fontSize="8.5" fontWeight="700" textAnchor="middle" fontFamily="system-ui, sans-serif">
    10
  </text>
);

export const SeekBackIcon = () => (
  <Stroke>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
    <StepLabel />
  </Stroke>
);

export const SeekForwardIcon = () => (
  <Stroke>
    <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <StepLabel />
  </Stroke>
);

const Speaker = () => (
  <path
    fill="currentColor"
    d="M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6A1.4 1.4 0 0 1 5.4 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5z"
  />
);

export const VolumeHighIcon = () => (
  <Stroke>
    <Speaker />
    <path d="M16 9a5 5 0 0 1 0 6" />
    <path d="M19.36 18.36a9 9 0 0 0 0-12.72" />
  </Stroke>
);

export const VolumeLowIcon = () => (
  <Stroke>
    <Speaker />
    <path d="M16 9a5 5 0 0 1 0 6" />
  </Stroke>
);

export const VolumeMutedIcon = () => (
  <Stroke>
    <Speaker />
    <path d="M22 9l-6 6M16 9l6 6" />
  </Stroke>
);

export const SettingsIcon = () => (
  <Stroke>
    <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
    <circle cx="12" cy="12" r="3" />
  </Stroke>
);

export const SubtitlesIcon = () => (
  <Stroke>
    <rect width="18" height="14" x="3" y="5" rx="2" />
    <path d="M7 15h4M15 15h2M7 11h2M13 11h4" />
  </Stroke>
);

export const PipIcon = () => (
  <Stroke>
    <path d="M21 9V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v10c0 1.1.9 2 2 2h4" />
    <rect width="10" height="7" x="12" y="13" rx="2" />
  </Stroke>
);

export const CastIcon = () => (
  <Stroke>
    <path d="M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
    <path d="M2 12a9 9 0 0 1 8 8" />
    <path d="M2 16a5 5 0 0 1 4 4" />
    <path d="M2 20h.01" />
  </Stroke>
);

export const AirPlayIcon = () => (
  <Stroke>
    <path d="M5 17H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-1" />
    <path d="m12 15 5 6H7Z" />
  </Stroke>
);

export const ShareIcon = () => (
  <Stroke>
    <path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8" />
    <path d="m16 6-4-4-4 4" />
    <path d="M12 2v13" />
  </Stroke>
);

export const FullscreenIcon = () => (
  <Stroke>
    <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />
  </Stroke>
);

export const FullscreenExitIcon = () => (
  <Stroke>
    <path d="M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3" />
  </Stroke>
);

export const CloseIcon = () => (
  <Stroke>
    <path d="M18 6 6 18M6 6l12 12" />
  </Stroke>
);

export const ChevronLeftIcon = () => (
  <Stroke>
    <path d="m15 18-6-6 6-6" />
  </Stroke>
);

export const ChevronRightIcon = () => (
  <Stroke>
    <path d="m9 18 6-6-6-6" />
  </Stroke>
);

export const CheckIcon = () => (
  <Stroke>
    <path d="M20 6 9 17l-5-5" />
  </Stroke>
);

export const QualityIcon = () => (
  <Stroke>
    <path d="M21 4h-7M10 4H3M21 12h-9M8 12H3M21 20h-5M12 20H3M14 2v4M8 10v4M16 18v4" />
  </Stroke>
);

export const SpeedIcon = () => (
  <Stroke>
    <path d="m12 14 4-4" />
    <path d="M3.34 19a10 10 0 1 1 17.32 0" />
  </Stroke>
);

export const AudioIcon = () => (
  <Stroke>
    <path d="M2 10v3M6 6v11M10 3v18M14 8v7M18 5v13M22 10v3" />
  </Stroke>
);

/** 'Пропускать заставку': a skip-forward mark (Lucide's skip-forward). */
export const SkipForwardIcon = () => (
  <Stroke>
    <path d="M5 4l10 8-10 8V4z" />
    <path d="M19 5v14" />
  </Stroke>
);
