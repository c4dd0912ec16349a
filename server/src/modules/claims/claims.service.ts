import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { instantOf } from '../../db/rows';
import type { FreeClaimInput, ServiceStatus } from '@shared/services.schemas';
import { pageAnswer } from '@shared/paging';
import { normalizePhone } from '@shared/account.schemas';
import { messages } from '@shared/messages';
import { AppError, badRequest, notFound } from '../../errors';
import * as catalogue from '../catalogue/catalogue.service';
import { claimConfirmationMail, claimNoticeMail } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
import * as repo from './claims.repository';

export interface ClaimDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * A school claims a free kit: only products priced 0 or less, once per e-mail
 * address and product. The claimer gets a confirmation and the shop a notice
 * with every field.
 */
export async function claim(deps: ClaimDeps, input: FreeClaimInput) {
  const [product] = await catalogue.productsByIds(deps.db, [input.productId]);
  if (!product) throw notFound(messages.productNotFound, 'product_not_found');
  if (product.price > 0) throw badRequest('This product is not free, so it cannot be claimed.', 'not_free');
  const shopName = deps.config.public.shopName;
  const mobile = normalizePhone(input.mobile)!;
  const fields: [string, string][] = [
    ['Product', `${product.title} (ID ${product.id})`],
    ['Name', input.name],
    ['Email', input.email],
    ['Mobile', mobile],
    ['School', input.school],
    ['Class', input.classna],
    ['Division', input.division],
    ['Roll number', input.rollNo],
  ];
  // The claim and its two mails are written together (decision 035).
  const stored = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertClaim(trx, {
      product_id: product.id,
      product_title: product.title,
      name: input.name,
      email: input.email,
      email_key: input.email.toLowerCase(),
      mobile,
      school: input.school,
      classna: input.classna,
      division: input.division,
      roll_no: input.rollNo,
    });
    if (inserted) {
      await deps.mailer.queue(trx, [
        { to: input.email, kind: 'claim-confirmation', ...claimConfirmationMail(shopName, input.name, product.title) },
        { to: deps.config.mail.shopEmail, kind: 'claim-notice', ...claimNoticeMail(shopName, product.title, fields) },
      ]);
    }
    return inserted;
  });
  if (!stored) throw new AppError('already_claimed', 409, `${input.email} has already claimed this kit.`);
  deps.mailer.deliverSoon();
  return { message: `Thank you! Your claim for ${product.title} has been received. We will contact you soon.` };
}

/** Free kit claims for the admin, newest first, a page at a time (status null: all). */
export async function listClaims(db: Db, status: string | null, page: number) {
  return pageAnswer('claims', await repo.pageOfClaims(db, status, page), (c) => ({
    id: c.id,
    productId: c.product_id,
    productTitle: c.product_title,
    name: c.name,
    email: c.email,
    mobile: c.mobile,
    school: c.school,
    classna: c.classna,
    division: c.division,
    rollNo: c.roll_no,
    status: c.status as ServiceStatus, // the table holds only what ServiceStatusBody lets in
    createdAt: instantOf(c.created_at),
  }));
}

/** Marks a claim new or handled. */
export async function setClaimStatus(db: Db, id: number, status: string): Promise<void> {
  if (!(await repo.setClaimStatus(db, id, status))) throw notFound('Claim not found', 'claim_not_found');
}
