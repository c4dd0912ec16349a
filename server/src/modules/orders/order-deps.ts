import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/payment-provider';
import type { ShopMetrics } from '../system/metrics';

/**
 * What the order services need from the app. In a file of its own so that the services orders
 * calls (refunds, returns) can take it without importing orders.service.ts back (no import cycle).
 */
export interface OrderDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  metrics: ShopMetrics;
}
