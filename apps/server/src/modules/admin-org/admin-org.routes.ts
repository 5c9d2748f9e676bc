import { DeptMessages, MenuMessages, RoleMessages, SettingMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as depts from './admin-depts.service';
import * as menus from './admin-menus.service';
import * as roles from './admin-roles.service';
import * as settings from './admin-settings.service';
import { idParam } from './tree';

/** Administration of departments, roles and permissions, menus and global settings (issue 3). */
export function adminOrgRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);

    app.get('/api/admin/depts', async (request) => ok(await depts.getDeptTree(ctx, callerOf(request))));
    app.post('/api/admin/depts', async (request) => ok(await depts.createDept(ctx, actorOf(request), request.body), DeptMessages.created));
    app.put('/api/admin/depts/:id', async (request) => {
      await depts.renameDept(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, DeptMessages.renamed);
    });
    app.put('/api/admin/depts/:id/move', async (request) => {
      await depts.moveDept(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, DeptMessages.moved);
    });
    app.put('/api/admin/depts/:id/leader', async (request) => {
      await depts.setDeptLeader(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, DeptMessages.leaderSaved);
    });
    app.delete('/api/admin/depts/:id', async (request) => {
      await depts.deleteDept(ctx, actorOf(request), idParam(request.params));
      return ok(null, DeptMessages.deleted);
    });

    app.get('/api/admin/permissions', async (request) => ok(roles.listPermissionGroups(callerOf(request))));
    app.get('/api/admin/roles', async (request) => ok(await roles.listRoles(ctx, callerOf(request))));
    app.post('/api/admin/roles', async (request) => ok(await roles.createRole(ctx, actorOf(request), request.body), RoleMessages.created));
    app.put('/api/admin/roles/:id', async (request) => {
      await roles.renameRole(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, RoleMessages.renamed);
    });
    app.put('/api/admin/roles/:id/permissions', async (request) => {
      await roles.setRolePermissions(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, RoleMessages.permissionsSaved);
    });
    app.delete('/api/admin/roles/:id', async (request) => {
      await roles.deleteRole(ctx, actorOf(request), idParam(request.params));
      return ok(null, RoleMessages.deleted);
    });

    app.get('/api/admin/menus', async (request) => ok(await menus.getMenuTree(ctx, callerOf(request))));
    app.post('/api/admin/menus', async (request) => ok(await menus.createMenu(ctx, actorOf(request), request.body), MenuMessages.created));
    app.put('/api/admin/menus/:id', async (request) => {
      await menus.updateMenu(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, MenuMessages.updated);
    });
    app.put('/api/admin/menus/:id/move', async (request) => {
      await menus.moveMenu(ctx, actorOf(request), idParam(request.params), request.body);
      return ok(null, MenuMessages.moved);
    });
    app.delete('/api/admin/menus/:id', async (request) => {
      await menus.deleteMenu(ctx, actorOf(request), idParam(request.params));
      return ok(null, MenuMessages.deleted);
    });

    app.get('/api/admin/settings', async (request) => ok(await settings.getAdminSettings(ctx, callerOf(request))));
    app.put('/api/admin/settings', async (request) =>
      ok(await settings.updateSettings(ctx, actorOf(request), request.body), SettingMessages.saved),
    );
  };
}
