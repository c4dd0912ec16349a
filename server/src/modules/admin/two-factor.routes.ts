import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { ConfirmTwoFactorInput, EnrolTwoFactorInput, TwoFactorEnrolment } from '@shared/two-factor.schemas';
import { DisableTwoFactorInput, staffSessionMessages, TwoFactorStatus } from '@shared/staff-sessions.schemas';
import { adminToken } from './admin-access';
import { adminRoute } from './admin.guards';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, twoFactorStatus } from './two-factor';

/** Every admin enrols their own account in two-factor sign-in. */
export async function twoFactorRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/admin/2fa',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Whether the signed-in admin has two-factor sign-in on, and whether the owner requires it',
        response: { 200: TwoFactorStatus, ...errors },
      },
    },
    async (req) => twoFactorStatus(app, req.admin!),
  );

  app.post(
    '/api/admin/2fa/disable',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Turn the signed-in admin’s two-factor sign-in off with a current code from the app (409 while the owner requires it)',
        body: DisableTwoFactorInput,
        response: { 200: z.object({ message: z.string() }), ...errors, 409: ErrorBody },
      },
    },
    async (req) => {
      await disableTwoFactor(app, req.admin!, adminToken(req.headers.authorization), req.body.code);
      return { message: staffSessionMessages.twoFactorOff };
    },
  );

  app.post(
    '/api/admin/2fa/enrol',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Start two-factor sign-in for the signed-in admin (password again): secret, QR code, ten recovery codes',
        body: EnrolTwoFactorInput,
        response: { 200: TwoFactorEnrolment, ...errors },
      },
    },
    async (req) => enrolTwoFactor(app, adminToken(req.headers.authorization), req.body.password),
  );

  app.post(
    '/api/admin/2fa/confirm',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Turn two-factor sign-in on with a code from the app; answers the new token (the session is replaced)',
        body: ConfirmTwoFactorInput,
        response: { 200: z.object({ token: z.string() }), ...errors },
      },
    },
    async (req) => confirmTwoFactor(app, adminToken(req.headers.authorization), req.body.code),
  );
}
