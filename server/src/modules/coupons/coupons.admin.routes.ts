import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { AdminCoupon, CouponInput } from '@shared/coupons.schemas';
import * as coupons from './coupons-admin.service';
import { adminRoute } from '../admin/admin.guards';

export async function couponAdminRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const One = z.object({ message: z.string(), coupon: AdminCoupon });

  app.get(
    '/api/coupons',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'All coupons, as a JSON array (SPEC.md §7); X-Total-Count says how many',
        response: { 200: z.array(AdminCoupon), ...errors },
      },
    },
    async (_req, reply) => {
      const list = await coupons.listCoupons(app.db);
      reply.header('X-Total-Count', String(list.length));
      return list;
    },
  );
  app.post(
    '/api/coupons',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Add a coupon', body: CouponInput, response: { 200: One, ...errors } } },
    async (req) => ({ message: 'Coupon added successfully', coupon: await coupons.addCoupon(app.db, req.body) }),
  );
  app.put(
    '/api/coupons/:id',
    { ...adminRoute, schema: { tags: ['admin'], summary: 'Change a coupon', params: IdParam, body: CouponInput, response: { 200: One, ...errors } } },
    async (req) => ({ message: 'Coupon updated successfully', coupon: await coupons.updateCoupon(app.db, req.params.id, req.body) }),
  );
  app.delete(
    '/api/coupons/:id',
    {
      ...adminRoute,
      schema: { tags: ['admin'], summary: 'Delete a coupon', params: IdParam, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (req) => {
      await coupons.deleteCoupon(app.db, req.params.id);
      return { message: 'Coupon deleted successfully' };
    },
  );
}
