import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { Me, UpdateProfileInput } from '@shared/account.schemas';
import { requireUser, sessionUser } from '../auth/auth.guards';
import * as accounts from './accounts.service';

export async function accountRoutes(app: App) {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in shopper, or null when nobody is signed in (an answer, not an error: the web app asks on every page load)',
        response: { 200: Me.nullable(), 404: ErrorBody },
      },
    },
    async (req) => {
      const user = await sessionUser(req);
      return user ? accounts.getMe(app.db, user.id) : null;
    },
  );

  app.patch(
    '/api/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Update the profile (username, phone, address, city, state, zip code; never email or password)',
        body: UpdateProfileInput,
        response: { 200: Me, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => accounts.updateProfile(app.db, req.user!.id, req.body),
  );
}
