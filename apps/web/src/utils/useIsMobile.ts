import { useSyncExternalStore } from 'react';

/** SPEC §9: the mobile view applies to a mobile user agent or a window narrower than 800 px. */
export const MOBILE_MAX_WIDTH = 800;
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

function isMobileView(): boolean {
  return MOBILE_AGENT.test(navigator.userAgent) || window.innerWidth < MOBILE_MAX_WIDTH;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Follows window resizes, so turning a tablet or narrowing a window switches the layout. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileView);
}
