/** Icons of the ad overlay (24x24, currentColor). */
import type { SVGProps } from 'react';

const Svg = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...props} />
);

export const VolumeIcon = () => (
  <Svg>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a.75.75 0 0 0 1.2-.6V5.5a.75.75 0 0 0-1.2-.6L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path d="M16.5 8.2a5 5 0 0 1 0 7.6l-1.1-1.2a3.4 3.4 0 0 0 0-5.2l1.1-1.2Z" />
    <path d="M18.7 5.8a8.3 8.3 0 0 1 0 12.4l-1.1-1.2a6.7 6.7 0 0 0 0-10l1.1-1.2Z" />
  </Svg>
);

export const MutedIcon = () => (
  <Svg>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a.75.75 0 0 0 1.2-.6V5.5a.75.75 0 0 0-1.2-.6L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path d="m16.3 9.1 1.1-1.1 2.1 2.1 2.1-2.1 1.1 1.1-2.1 2.1 2.1 2.1-1.1 1.1-2.1-2.1-2.1 2.1-1.1-1.1 2.1-2.1-2.1-2.1Z" />
  </Svg>
);

export const ExternalIcon = () => (
  <Svg width="16" height="16">
    <path d="M14 4h6v6h-2V7.4l-7.3 7.3-1.4-1.4L16.6 6H14V4ZM5 6h6v2H6v10h10v-5h2v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Z" />
  </Svg>
);

export const SkipIcon = () => (
  <Svg width="18" height="18">
    <path d="M6 6.5v11a.75.75 0 0 0 1.17.62L15 12.6V17a1 1 0 0 0 2 0V7a1 1 0 0 0-2 0v4.4L7.17 5.88A.75.75 0 0 0 6 6.5Z" />
  </Svg>
);
