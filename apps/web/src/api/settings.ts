import { useQuery } from '@tanstack/react-query';
import { isPrivateSettings, type PrivateSettings, type Settings } from '@osp/shared';
import { api, configureClient } from './client';

export const settingsKey = ['settings'] as const;

/** GET /api/settings: the public part before sign-in, all of it after (docs/web-contract.md). */
export async function fetchSettings(): Promise<Settings> {
  const settings = await api.get<Settings>('/api/settings');
  configureClient(settings);
  return settings;
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: Infinity });
}

/** The settings only a signed-in user receives (banner, QR-code address, webmail). */
export function usePrivateSettings(): PrivateSettings | undefined {
  const { data } = useSettings();
  return data && isPrivateSettings(data) ? data : undefined;
}
