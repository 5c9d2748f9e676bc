import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AdminDept,
  AdminMenu,
  AdminRole,
  MenuCreate,
  MenuUpdate,
  PermissionGroup,
  PrivateSettings,
  RoleCreate,
  SettingsUpdate,
} from '@osp/shared';
import { api } from './client';
import { directoryKey } from './directory';
import { menuKey } from './menu';
import { settingsKey } from './settings';
import { profileKey } from './user';
import { usePageQuery } from './page-query';

/*
 * Administration of departments, roles, menus and settings (/api/admin/…). Every change refetches
 * what it affects: the admin lists, and the administrator's own menu and profile, which a change of
 * grants or menus may alter (other users see it on their next navigation).
 */

export const adminDeptsKey = ['admin', 'depts'] as const;
export const adminRolesKey = ['admin', 'roles'] as const;
export const adminMenusKey = ['admin', 'menus'] as const;
export const adminSettingsKey = ['admin', 'settings'] as const;
export const permissionGroupsKey = ['admin', 'permissions'] as const;

function useChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, affected: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A refused change may still mean the list on screen is stale (someone else changed it).
    onSettled: () => Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ---------- Departments ----------

export function useAdminDepts() {
  return usePageQuery({ queryKey: adminDeptsKey, queryFn: () => api.get<AdminDept[]>('/api/admin/depts'), staleTime: 0 });
}

const deptAffects = [adminDeptsKey, profileKey, directoryKey] as const;

export function useCreateDept() {
  return useChange((body: { name: string; parent_id: number | null }) => api.post<{ id: number }>('/api/admin/depts', body), deptAffects);
}

export function useRenameDept() {
  return useChange(({ id, name }: { id: number; name: string }) => api.put<null>(`/api/admin/depts/${id}`, { name }), deptAffects);
}

export function useMoveDept() {
  return useChange(
    ({ id, ...body }: { id: number; parent_id: number | null; position: number }) => api.put<null>(`/api/admin/depts/${id}/move`, body),
    deptAffects,
  );
}

export function useSetDeptLeader() {
  return useChange(
    ({ id, leader_id }: { id: number; leader_id: number | null }) => api.put<null>(`/api/admin/depts/${id}/leader`, { leader_id }),
    deptAffects,
  );
}

export function useDeleteDept() {
  return useChange((id: number) => api.delete<null>(`/api/admin/depts/${id}`), deptAffects);
}

// ---------- Roles and permissions ----------

export function useAdminRoles() {
  return usePageQuery({ queryKey: adminRolesKey, queryFn: () => api.get<AdminRole[]>('/api/admin/roles'), staleTime: 0 });
}

export function usePermissionGroups() {
  return usePageQuery({
    queryKey: permissionGroupsKey,
    queryFn: () => api.get<PermissionGroup[]>('/api/admin/permissions'),
    staleTime: Infinity,
  });
}

const roleAffects = [adminRolesKey, profileKey, menuKey] as const;

export function useCreateRole() {
  return useChange((body: RoleCreate) => api.post<{ id: number }>('/api/admin/roles', body), roleAffects);
}

export function useRenameRole() {
  return useChange(({ id, name }: { id: number; name: string }) => api.put<null>(`/api/admin/roles/${id}`, { name }), roleAffects);
}

export function useSetRolePermissions() {
  return useChange(
    ({ id, permissions }: { id: number; permissions: string[] }) => api.put<null>(`/api/admin/roles/${id}/permissions`, { permissions }),
    roleAffects,
  );
}

export function useDeleteRole() {
  return useChange((id: number) => api.delete<null>(`/api/admin/roles/${id}`), roleAffects);
}

// ---------- Menus ----------

export function useAdminMenus() {
  return usePageQuery({ queryKey: adminMenusKey, queryFn: () => api.get<AdminMenu[]>('/api/admin/menus'), staleTime: 0 });
}

const menuAffects = [adminMenusKey, menuKey] as const;

export function useCreateMenu() {
  return useChange((body: MenuCreate) => api.post<{ id: number }>('/api/admin/menus', body), menuAffects);
}

export function useUpdateMenu() {
  return useChange(({ id, ...body }: MenuUpdate & { id: number }) => api.put<null>(`/api/admin/menus/${id}`, body), menuAffects);
}

export function useMoveMenu() {
  return useChange(
    ({ id, ...body }: { id: number; parent_id: number | null; position: number }) => api.put<null>(`/api/admin/menus/${id}/move`, body),
    menuAffects,
  );
}

export function useDeleteMenu() {
  return useChange((id: number) => api.delete<null>(`/api/admin/menus/${id}`), menuAffects);
}

// ---------- Settings ----------

export function useAdminSettings() {
  return usePageQuery({ queryKey: adminSettingsKey, queryFn: () => api.get<PrivateSettings>('/api/admin/settings'), staleTime: 0 });
}

export function useUpdateSettings() {
  return useChange((body: SettingsUpdate) => api.put<PrivateSettings>('/api/admin/settings', body), [adminSettingsKey, settingsKey]);
}
