import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { CreateStaffInput, StaffMember, staffAccountMessages, StaffWithPassword, UpdateStaffInput } from '@shared/staff.schemas';
import { StaffSession, StaffSettings, staffSessionMessages, UpdateStaffSettings } from '@shared/staff-sessions.schemas';
import { adminRoute } from './admin.guards';
import * as staff from './admin-accounts.service';
import * as sessions from './admin-sessions.service';

/**
 * The owner's staff accounts, policy and sessions (owner-only by
 * shared/src/staff-roles.ts), and every admin's own sessions.
 */
export async function staffRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const Id = z.object({ id: z.string().min(1).max(100) });
  const Message = z.object({ message: z.string() });

  app.get(
    '/api/admin/staff',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Staff accounts (owner only)', response: { 200: z.array(StaffMember), ...errors } } },
    async () => staff.listStaff(app.db),
  );

  app.post(
    '/api/admin/staff',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Add a staff account; answers its generated password once (owner only)',
        body: CreateStaffInput,
        response: { 201: StaffWithPassword, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await staff.addStaff(app.auth, app.db, req.body)),
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Change the role of a staff account, disable or enable it (ending its sessions), reset its password or turn its two-factor sign-in off (both end its sessions) (owner only)',
        params: Id,
        body: UpdateStaffInput,
        response: { 200: StaffWithPassword, ...errors },
      },
    },
    async (req) => staff.updateStaff(app.auth, app.db, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/staff/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Delete a staff account (owner only; never the last owner)',
        params: Id,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await staff.deleteStaff(app.auth, app.db, req.params.id);
      return { message: staffAccountMessages.deleted };
    },
  );

  app.get(
    '/api/admin/staff-settings',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The staff policy: two-factor sign-in required, session idle and absolute limits, how long the audit log is kept (owner only)',
        response: { 200: StaffSettings, ...errors },
      },
    },
    async () => staff.staffSettings(app.db, app.config.staffPolicy),
  );

  app.put(
    '/api/admin/staff-settings',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary:
          'Change any of the staff policy: require two-factor sign-in of every admin account (one without it may then only sign out and set it up), the session limits (next request), the audit log retention (owner only)',
        body: UpdateStaffSettings,
        response: { 200: StaffSettings, ...errors },
      },
    },
    async (req) => staff.updateStaffSettings(app.db, app.config.staffPolicy, req.body),
  );

  app.get(
    '/api/admin/sessions',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Live admin sessions of every staff account, most recently used first (owner only)',
        response: { 200: z.array(StaffSession), ...errors },
      },
    },
    async (req) => sessions.listSessions(app.db, await staff.staffSettings(app.db, app.config.staffPolicy), req.adminSessionId),
  );

  app.delete(
    '/api/admin/sessions/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'End an admin session: its token is refused from the next request (owner only)',
        params: Id,
        response: { 200: Message, ...errors },
      },
    },
    async (req) => {
      await sessions.endSession(app.db, req.params.id);
      return { message: staffSessionMessages.ended };
    },
  );

  app.delete(
    '/api/admin/staff/:id/sessions',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'End every session of a staff account (owner only)', params: Id, response: { 200: Message, ...errors } },
    },
    async (req) => ({ message: staffSessionMessages.endedAll(await sessions.endStaffSessions(app.db, req.params.id)) }),
  );

  app.get(
    '/api/admin/me/sessions',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin’s own live sessions (`current` marks this one)',
        response: { 200: z.array(StaffSession), ...errors },
      },
    },
    async (req) => sessions.listSessions(app.db, await staff.staffSettings(app.db, app.config.staffPolicy), req.adminSessionId, req.admin!.id),
  );

  app.delete(
    '/api/admin/me/sessions/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'End one of the signed-in admin’s own sessions', params: Id, response: { 200: Message, ...errors } } },
    async (req) => {
      await sessions.endSession(app.db, req.params.id, req.admin!.id);
      return { message: staffSessionMessages.ended };
    },
  );

  app.delete(
    '/api/admin/me/sessions',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'End every other session of the signed-in admin (this one stays)', response: { 200: Message, ...errors } },
    },
    async (req) => ({ message: staffSessionMessages.endedAll(await sessions.endStaffSessions(app.db, req.admin!.id, req.adminSessionId)) }),
  );
}
