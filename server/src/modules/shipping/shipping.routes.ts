import type { App } from '../../app-types';
import { publicRoute } from '../../plugins/public-route';
import { ErrorBody } from '@shared/catalogue.schemas';
import { DeliveryCheck, PincodeQuery } from '@shared/shipping';
import * as shipping from './shipping.service';

export async function shippingRoutes(app: App) {
  app.get(
    '/api/shipping/check',
    // The same answer for everyone until the owner changes the list or the rules.
    publicRoute('shipping', {
      summary: 'Whether the shop delivers to a pincode, in how many days, and whether cash on delivery is possible there',
      querystring: PincodeQuery,
      response: { 200: DeliveryCheck, 400: ErrorBody },
    }),
    async (req) => shipping.checkPincode(app.db, req.query.pincode),
  );
}
