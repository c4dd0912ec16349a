import type { App } from '../../app-types';
import { ErrorBody, IdParam } from '@shared/catalogue.schemas';
import { AddToCartInput, Cart, CartLineQuery, SetQuantityInput } from '@shared/orders.schemas';
import { CartQuery } from '@shared/shipping';
import { requireUser } from '../auth/auth.guards';
import * as cart from './cart.service';

export async function cartRoutes(app: App) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  app.get(
    '/api/cart',
    {
      preHandler: requireUser,
      schema: {
        tags: ['cart'],
        summary: "The shopper's cart, priced now; shipping to the profile's pincode, or to `pincode` when delivering to another address",
        querystring: CartQuery,
        response: { 200: Cart, ...errors },
      },
    },
    async (req) => cart.getCart(app.db, req.user!.id, [], req.query.pincode),
  );
  app.post(
    '/api/cart',
    {
      preHandler: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Add a product (once); a product with variants needs `variantId`',
        body: AddToCartInput,
        response: { 200: Cart, ...errors },
      },
    },
    async (req) => cart.addToCart(app.db, req.user!.id, req.body.productId, req.body.quantity, req.body.variantId),
  );
  app.patch(
    '/api/cart/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a line (1-99); `variantId` names the variant',
        params: IdParam,
        querystring: CartLineQuery,
        body: SetQuantityInput,
        response: { 200: Cart, ...errors },
      },
    },
    async (req) => cart.setQuantity(app.db, req.user!.id, req.params.id, req.body.quantity, req.query.variantId),
  );
  app.delete(
    '/api/cart/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['cart'],
        summary: "Remove a line (`variantId`: only that variant's)",
        params: IdParam,
        querystring: CartLineQuery,
        response: { 200: Cart, ...errors },
      },
    },
    async (req) => cart.removeFromCart(app.db, req.user!.id, req.params.id, req.query.variantId),
  );
}
