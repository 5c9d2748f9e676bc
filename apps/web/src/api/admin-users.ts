import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPasswordReset,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  Paged,
  RoleOption,
  UserImportResult,
  UserSession,
} from '@osp/shared';
import { api, download } from './client';
import { directoryKey } from './directory';
import { menuKey } from './menu';
import { profileKey } from './user';
import { usePageQuery } from './page-query';

/*
 * 系统管理 → 用户管理 (/api/admin/users, docs/admin-users.md). Every change refetches the list; a
 * change to the administrator's own account may alter their own menu and profile too.
 */

const usersKey = ['admin', 'users'] as const;
const sessionsKey = (userId: number) => ['admin', 'users', userId, 'sessions'] as const;
const BASE = '/api/admin/users';

export interface UserListFilter {
  keyword?: string;
  dept_id?: number;
  status?: number;
}

export interface UserListQuery extends UserListFilter {
  page: number;
  per_page: number;
}

export function useAdminUsers(query: UserListQuery) {
  return usePageQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () => api.get<Paged<AdminUser>>(BASE, { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions() {
  return usePageQuery({ queryKey: [...usersKey, 'role-options'], queryFn: () => api.get<RoleOption[]>(`${BASE}/role-options`) });
}

function useUserChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Refetched even after a refusal: the list may be stale because someone else changed it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
        // A new, renamed or disabled person changes every picker.
        queryClient.invalidateQueries({ queryKey: directoryKey }),
        queryClient.invalidateQueries({ queryKey: menuKey }),
        queryClient.invalidateQueries({ queryKey: ['syslog'] }),
      ]),
  });
}

export function useCreateUser() {
  return useUserChange((body: AdminUserCreate) => api.post<AdminUser>(BASE, body));
}

export function useUpdateUser() {
  return useUserChange(({ id, ...body }: AdminUserUpdate & { id: number }) => api.put<AdminUser>(`${BASE}/${id}`, body));
}

export function useSetUserStatus() {
  return useUserChange(({ id, status }: { id: number; status: 0 | 1 }) => api.patch<AdminUser>(`${BASE}/${id}/status`, { status }));
}

export function useResetPassword() {
  return useUserChange(({ id, ...body }: AdminPasswordReset & { id: number }) => api.put<null>(`${BASE}/${id}/password`, body));
}

export function useAssignRoles() {
  return useUserChange(({ id, roles }: { id: number; roles: string[] }) => api.put<AdminUser>(`${BASE}/${id}/roles`, { roles }));
}

export function useUserSessions(userId: number | undefined) {
  return usePageQuery({
    queryKey: sessionsKey(userId ?? 0),
    queryFn: () => api.get<UserSession[]>(`${BASE}/${userId ?? 0}/sessions`),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}

export function useRevokeSessions(userId: number) {
  return useUserChange((sessionId: number | 'all') =>
    api.delete<{ revoked: number } | null>(sessionId === 'all' ? `${BASE}/${userId}/sessions` : `${BASE}/${userId}/sessions/${sessionId}`),
  );
}

/** POST /api/admin/users/import: the initial password and the file, as multipart. */
export function useImportUsers() {
  return useUserChange(({ file, passwd }: { file: File; passwd: string }) => {
    const form = new FormData();
    form.append('passwd', passwd);
    form.append('file', file, file.name);
    return api.post<UserImportResult>(`${BASE}/import`, form);
  });
}

/** Hands a downloaded file to the browser under the server's name. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the download manager.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadImportTemplate(): Promise<void> {
  const file = await download({ method: 'GET', url: `${BASE}/import-template` });
  saveFile(file.blob, file.filename ?? '用户导入模板.xlsx');
}

export async function exportUsers(filter: UserListFilter): Promise<void> {
  const file = await download({ method: 'GET', url: `${BASE}/export`, params: filter });
  saveFile(file.blob, file.filename ?? '用户列表.xlsx');
}
