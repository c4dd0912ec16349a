import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { VerifyCouponInput, VerifyCouponResult } from '@shared/orders.schemas';
import { requireUser } from '../auth/auth.guards';
import * as coupons from './coupons.service';

export async function couponRoutes(app: App) {
  app.post(
    '/api/verifyCoupon',
    {
      preHandler: requireUser,
      schema: {
        tags: ['cart'],
        summary: "The discount a coupon gives on the shopper's cart (computed on the server; totalAmount and productId are ignored)",
        body: VerifyCouponInput,
        response: { 200: VerifyCouponResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => coupons.verifyCoupon(app.db, req.user!.id, req.body.code),
  );
}
