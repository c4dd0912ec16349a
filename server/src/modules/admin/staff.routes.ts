import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { CreateStaffInput, StaffMember, staffAccountMessages, StaffSettings, StaffWithPassword, UpdateStaffInput } from '@shared/staff.schemas';
import { setTwoFactorRequired, twoFactorRequired } from '../settings/settings.service';
import { adminRoute } from './admin.guards';
import * as staff from './admin-accounts.service';

/** The owner's staff accounts (owner-only by shared/src/staff-roles.ts). */
export async function staffRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const Id = z.object({ id: z.string().min(1).max(100) });

  app.get(
    '/api/admin/staff',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Staff accounts (owner only)', response: { 200: z.array(StaffMember), ...errors } } },
    async () => staff.listStaff(app.db),
  );

  app.post(
    '/api/admin/staff',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Add a staff account; answers its generated password once (owner only)', body: CreateStaffInput, response: { 201: StaffWithPassword, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await staff.addStaff(app.auth, app.db, req.body)),
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Change the role of a staff account, disable or enable it (ending its sessions), or reset its password (owner only)',
        params: Id,
        body: UpdateStaffInput,
        response: { 200: StaffWithPassword, ...errors },
      },
    },
    async (req) => staff.updateStaff(app.auth, app.db, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/staff/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Delete a staff account (owner only; never the last owner)', params: Id, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await staff.deleteStaff(app.auth, app.db, req.params.id);
      return { message: staffAccountMessages.deleted };
    },
  );

  app.get(
    '/api/admin/staff-settings',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Whether every admin account must use two-factor sign-in (owner only)', response: { 200: StaffSettings, ...errors } } },
    async () => ({ requireTwoFactor: await twoFactorRequired(app.db) }),
  );

  app.put(
    '/api/admin/staff-settings',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Require two-factor sign-in of every admin account: one without it may then only sign out and set it up (owner only)',
        body: StaffSettings,
        response: { 200: StaffSettings, ...errors },
      },
    },
    async (req) => {
      await setTwoFactorRequired(app.db, req.body.requireTwoFactor);
      return { requireTwoFactor: req.body.requireTwoFactor };
    },
  );
}
