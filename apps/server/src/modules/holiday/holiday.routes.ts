import {
  HolidayAdminMessages,
  LeaveTypeMessages,
  HolidayEntitlementMessages,
  HolidayImportMessages,
  LeaveMessages,
  WorkCalendarMessages,
} from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { sendAttachment } from '../../lib/content-disposition';
import { readFilePart } from '../../lib/multipart';
import { getMyStats } from './holiday.service';
import { listAway, leaveScopes, listLeaveDetails } from './leave-records.service';
import { listenToLeaveBills } from './leave.outcomes';
import { createLeaveType, listLeaveTypesForAdmin, updateLeaveType } from './leave-types.service';
import { listLeaveTypes, startLeave } from './leave.service';
import { getCalendarYear, putCalendarYear } from './work-calendar.service';
import { importedMessage, importWorkCalendar, workCalendarImportTemplate } from './work-calendar-import.service';
import { changeHolidayStats, getHolidayStats, listHolidayStats } from './holiday-admin.service';
import { exportHolidayStats, holidayImportTemplate, importHolidayStats } from './holiday-import.service';
import {
  applyEntitlement,
  getEntitlementRules,
  previewEntitlement,
  putEntitlementRules,
  putHolidayProfile,
} from './holiday-entitlement.service';
import { applyCarryExpiry, previewCarryExpiry } from './holiday-entitlement-expiry.service';

export function holidayRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    listenToLeaveBills();
    app.get('/api/holiday/leave-types', async () => ok(await listLeaveTypes(ctx)));
    app.get('/api/holiday/leave-types/all', async (request) => ok(await listLeaveTypesForAdmin(ctx, actorOf(request))));
    app.post('/api/holiday/leave-types', async (request) =>
      ok(await createLeaveType(ctx, actorOf(request), request.body), LeaveTypeMessages.created),
    );
    app.put('/api/holiday/leave-types/:id', async (request) =>
      ok(await updateLeaveType(ctx, actorOf(request), request.params, request.body), LeaveTypeMessages.saved),
    );
    app.post('/api/holiday/leave', async (request) => ok(await startLeave(ctx, callerOf(request), request.body), LeaveMessages.started));
    app.get('/api/holiday/details', async (request) => ok(await listLeaveDetails(ctx, callerOf(request), request.query)));
    app.get('/api/holiday/details/scopes', async (request) => ok(await leaveScopes(ctx, callerOf(request))));
    app.get('/api/holiday/away', async (request) => ok(await listAway(ctx, callerOf(request), request.query)));
    app.get('/api/holiday/my/stats', async (request) => ok(await getMyStats(ctx, callerOf(request), request.query)));
    app.get('/api/holiday/stats', async (request) => ok(await listHolidayStats(ctx, callerOf(request), request.query)));
    app.get('/api/holiday/stats/:id', async (request) => ok(await getHolidayStats(ctx, callerOf(request), request.params, request.query)));
    app.patch('/api/holiday/stats/:id/change', async (request) =>
      ok(await changeHolidayStats(ctx, actorOf(request), request.params, request.body), HolidayAdminMessages.changed),
    );
    app.post('/api/holiday/stats/importData', async (request) => {
      const result = await importHolidayStats(ctx, actorOf(request), (maxBytes) => readFilePart(request, maxBytes));
      return ok(result, HolidayImportMessages.imported(result.imported, result.changed));
    });
    app.get('/api/holiday/stats/export', async (request, reply) =>
      sendAttachment(reply, await exportHolidayStats(ctx, callerOf(request), request.query)),
    );
    app.get('/api/holiday/stats/importTemplate', async (request, reply) =>
      sendAttachment(reply, await holidayImportTemplate(ctx, callerOf(request))),
    );
    app.get('/api/holiday/entitlement/rules', async (request) => ok(await getEntitlementRules(ctx, callerOf(request))));
    app.put('/api/holiday/entitlement/rules', async (request) =>
      ok(await putEntitlementRules(ctx, actorOf(request), request.body), HolidayEntitlementMessages.rulesSaved),
    );
    app.put('/api/holiday/profiles/:id', async (request) =>
      ok(await putHolidayProfile(ctx, actorOf(request), request.params, request.body), HolidayEntitlementMessages.workStartSaved),
    );
    app.post('/api/holiday/entitlement/preview', async (request) => ok(await previewEntitlement(ctx, callerOf(request), request.body)));
    app.post('/api/holiday/entitlement/apply', async (request) => {
      const result = await applyEntitlement(ctx, actorOf(request), request.body);
      return ok(result, HolidayEntitlementMessages.applied(result.year, result.changed, result.refused));
    });
    app.post('/api/holiday/entitlement/expiry/preview', async (request) =>
      ok(await previewCarryExpiry(ctx, callerOf(request), request.body)),
    );
    app.post('/api/holiday/entitlement/expiry/apply', async (request) => {
      const result = await applyCarryExpiry(ctx, actorOf(request), request.body);
      return ok(result, HolidayEntitlementMessages.expiryApplied(result.year, result.expired));
    });
    app.get('/api/holiday/calendar', async (request) => ok(await getCalendarYear(ctx, callerOf(request), request.query)));
    // Before `/:year`'s routes, for the reader: the static path is matched first whatever the order.
    app.get('/api/holiday/calendar/importTemplate', async (request, reply) =>
      sendAttachment(reply, await workCalendarImportTemplate(ctx, callerOf(request))),
    );
    app.post('/api/holiday/calendar/:year/importData', async (request) => {
      const saved = await importWorkCalendar(ctx, actorOf(request), request.params, (maxBytes) => readFilePart(request, maxBytes));
      return ok(saved, importedMessage(saved));
    });
    app.put('/api/holiday/calendar/:year', async (request) =>
      ok(await putCalendarYear(ctx, actorOf(request), request.params, request.body), WorkCalendarMessages.saved),
    );
  };
}
