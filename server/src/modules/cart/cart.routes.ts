import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { AddToCartInput, Cart, CartLineQuery, SetQuantityInput } from '@shared/orders.schemas';
import { CartQuery } from '@shared/shipping';
import { requireUser } from '../auth/auth.guards';
import * as cart from './cart.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Every cart route is the signed-in shopper's and answers the whole cart, priced now. */
function cartRoute<S extends { summary: string }>(schema: S) {
  return { preHandler: requireUser, schema: { tags: ['cart'], ...schema, response: { 200: Cart, ...errors } } };
}

export async function cartRoutes(app: App) {
  app.get(
    '/api/cart',
    cartRoute({
      summary: "The shopper's cart, priced now; shipping to the profile's pincode, or to `pincode` when delivering to another address",
      querystring: CartQuery,
    }),
    async (req) => cart.getCart(app.db, req.user!.id, {}, req.query.pincode),
  );
  app.post('/api/cart', cartRoute({ summary: 'Add a product (once); a product with variants needs `variantId`', body: AddToCartInput }), async (req) =>
    cart.addToCart(app.db, req.user!.id, req.body.productId, req.body.quantity, req.body.variantId),
  );
  app.patch(
    '/api/cart/:id',
    cartRoute({
      summary: 'Set the quantity of a line (1-99); `variantId` names the variant',
      params: IdParam,
      querystring: CartLineQuery,
      body: SetQuantityInput,
    }),
    async (req) => cart.setQuantity(app.db, req.user!.id, req.params.id, req.body.quantity, req.query.variantId),
  );
  app.delete(
    '/api/cart/:id',
    cartRoute({ summary: "Remove a line (`variantId`: only that variant's)", params: IdParam, querystring: CartLineQuery }),
    async (req) => cart.removeFromCart(app.db, req.user!.id, req.params.id, req.query.variantId),
  );
}
