import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import {
  gstMessages,
  istStartOf,
  nextDay,
  returnPeriod,
  type Gstr1Query,
  type Gstr1Section,
  type GstRangeQuery,
  type ReturnPeriod,
} from '@shared/gst-returns.schemas';
import { taxDocumentsIssued } from '../invoices/invoices.service';
import { sellerDetails } from '../settings/settings.service';
import * as returns from './gst-returns';

/** The supplier the returns are filed for: the shop settings in force (decision 049). */
async function seller(db: Db, config: Config): Promise<{ gstin: string | null; state: string }> {
  const { gstin, state } = await sellerDetails(db, config);
  return { gstin, state };
}

/** The invoices and credit notes issued from `from` to `to` (YYYY-MM-DD, both included, days in India). */
function documentsOf(db: Db, config: Config, from: string, to: string) {
  return taxDocumentsIssued(db, config, istStartOf(from), istStartOf(nextDay(to)));
}

/** The invoice and credit-note register of a period as CSV (credit notes negative). */
export async function registerCsv(db: Db, config: Config, q: GstRangeQuery): Promise<string> {
  return returns.registerCsv(await documentsOf(db, config, q.from, q.to));
}

/** The HSN summary of a period as CSV, net of credit notes. */
export async function hsnCsv(db: Db, config: Config, q: GstRangeQuery): Promise<string> {
  return returns.hsnCsv(await documentsOf(db, config, q.from, q.to));
}

/** The return period asked for (the query's schema has checked it is one). */
function periodOf(q: Gstr1Query): ReturnPeriod {
  const period = returnPeriod(q);
  if (!period) throw new AppError('validation', 400, gstMessages.periodOrRange);
  return period;
}

/** GSTR-1 of a month or quarter in the offline tool's JSON format; 409 while the shop has no GSTIN. */
export async function gstr1(db: Db, config: Config, q: Gstr1Query): Promise<{ period: ReturnPeriod; json: returns.Gstr1Json }> {
  const { gstin } = await seller(db, config);
  if (!gstin) throw new AppError('no_gstin', 409, gstMessages.noGstin);
  const period = periodOf(q);
  return { period, json: returns.gstr1Json(await documentsOf(db, config, period.from, period.to), { gstin, fp: period.fp }) };
}

/** One GSTR-1 section of a month or quarter as the offline tool's CSV. */
export async function gstr1SectionCsv(db: Db, config: Config, q: Gstr1Query, section: Gstr1Section): Promise<{ period: ReturnPeriod; csv: string }> {
  const period = periodOf(q);
  return { period, csv: returns.gstr1SectionCsv(await documentsOf(db, config, period.from, period.to), section) };
}
