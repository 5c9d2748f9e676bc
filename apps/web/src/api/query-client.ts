import { QueryClient } from '@tanstack/react-query';
import { settingsKey } from './settings';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The client already toasts every failure (SPEC §8); a silent retry would toast it twice, and
    // refetching on focus would reload the menu, which SPEC §2 loads once.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Forgets everything that belongs to the signed-in user (at sign-in, sign-out and session expiry),
 * and reloads the settings, whose private part depends on being signed in.
 */
export function resetUserData(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKey[0] });
  void queryClient.invalidateQueries({ queryKey: settingsKey });
}
