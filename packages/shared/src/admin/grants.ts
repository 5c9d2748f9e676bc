import { PERMISSIONS } from '../auth/permissions';
import { escapeHtml } from '../common/html';

/**
 * Who may grant what (issue 11, item 1): a role or a permission is granted, removed or edited only by
 * someone who holds every permission it carries; an account holding a permission the administrator
 * lacks is beyond that administrator; nobody changes their own roles. The rule is the server's
 * (admin-org/grants.policy.ts); these are its words, and the web shows them as the server sends them.
 */

/** A permission's name in the registry, or its key when it has none. */
export function permissionLabel(key: string): string {
  return (PERMISSIONS as Record<string, { name: string } | undefined>)[key]?.name ?? key;
}

function labels(keys: readonly string[]): string {
  return keys.map((key) => escapeHtml(permissionLabel(key))).join('、');
}

export const GrantMessages = {
  cannotGrant: (missing: readonly string[]) => `不能授予或收回您自己没有的权限：${labels(missing)}`,
  cannotEditRole: (role: string, missing: readonly string[]) =>
    `角色「${escapeHtml(role)}」含有您没有的权限（${labels(missing)}），只有同时拥有这些权限的管理员可以修改它`,
  outranked: (user: string, missing: readonly string[]) =>
    `用户「${escapeHtml(user)}」拥有您没有的权限（${labels(missing)}），只有同时拥有这些权限的管理员可以修改其账号、密码、角色和会话`,
  ownRoles: '不能修改自己的角色，请由其他管理员操作',
  /** A row of a user import naming roles that carry permissions the importer lacks. */
  rowCannotGrant: (missing: readonly string[]) => `所填角色含有您没有的权限（${labels(missing)}），不能授予`,
  /** Beside a permission in the role editor that the administrator does not hold. */
  permissionNotHeld: '您没有此权限，不能授予或收回',
} as const;
