import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Client state (SPEC §3). Each area gets its own slice under its own key as it lands: common now;
 * survey, purchase request, approval, flow design, iptv and budget later.
 */
interface CommonSlice {
  /** The side menu shows icons only. */
  isSidebarCollapsed: boolean;
}

interface AppState {
  common: CommonSlice;
  toggleSidebar: () => void;
}

/**
 * Slices kept out of localStorage. SPEC §3 excludes the budget module: its sheets are large and
 * must always come fresh from the server. Add a slice's key here, never to `partialize` by hand.
 */
const TRANSIENT_SLICES: readonly string[] = ['budget'];

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      common: { isSidebarCollapsed: false },
      toggleSidebar: () => set((state) => ({ common: { ...state.common, isSidebarCollapsed: !state.common.isSidebarCollapsed } })),
    }),
    {
      name: 'osp-state',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only data slices are stored: actions are functions, and transient slices start empty.
      partialize: (state) =>
        Object.fromEntries(
          Object.entries(state).filter(([key, value]) => typeof value !== 'function' && !TRANSIENT_SLICES.includes(key)),
        ) as Partial<AppState>,
    },
  ),
);
