/** The device type of this browser (SPEC.md §9), from the user agent. */
import { createEffect } from 'effector';
import { deviceType, type DeviceType } from '../lib/device';

export const detectDeviceTypeFx = createEffect((): DeviceType =>
  typeof navigator === 'undefined' ? 'desktop' : deviceType(navigator.userAgent, navigator.maxTouchPoints ?? 0),
);
