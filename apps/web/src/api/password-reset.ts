import { useMutation } from '@tanstack/react-query';
import type { PasswordReset, PasswordResetLink, PasswordResetRequested } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

// SPEC §7 /api/password/reset: public calls, made before anyone is signed in.

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (account: string) => api.post<PasswordResetRequested>('/api/password/reset', { account }),
  });
}

/** Whether a mailed link still works, asked once when the reset page opens. */
export function usePasswordResetLink(token: string) {
  return usePageQuery({
    queryKey: ['password-reset', token],
    queryFn: () => api.get<PasswordResetLink>('/api/password/reset', { token }),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (reset: PasswordReset) => api.put<null>('/api/password/reset', reset),
  });
}
