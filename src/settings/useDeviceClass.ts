import { useSyncExternalStore } from 'react';
import { type DeviceClass, deviceClass } from './device';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The device class of the window, following every resize. */
export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, () => deviceClass(window.innerWidth));
}
