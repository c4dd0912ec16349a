import type { Gstr1Section } from '@shared/gst-returns.schemas';
import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';

/** A month or quarter, its days in India (YYYY-MM-DD). */
export interface GstPeriod {
  from: string;
  to: string;
}

const range = (p: GstPeriod) => `from=${p.from}&to=${p.to}`;

/** Fetches an export and saves it under the name the server gives it (a link cannot carry the admin token). */
async function download(url: string, accept: string, fallbackName: string): Promise<void> {
  const res = await adminFetch(url, { headers: { Accept: accept } });
  const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  saveBlob(await res.blob(), named ?? fallbackName);
}

/** GET /api/admin/gst/register.csv: the invoice and credit-note register of the period. */
export const downloadGstRegister = (p: GstPeriod) => download(`/api/admin/gst/register.csv?${range(p)}`, 'text/csv', `gst-register-${p.from}-${p.to}.csv`);

/** GET /api/admin/gst/hsn.csv: the HSN summary of the period. */
export const downloadHsnSummary = (p: GstPeriod) => download(`/api/admin/gst/hsn.csv?${range(p)}`, 'text/csv', `gst-hsn-${p.from}-${p.to}.csv`);

/** GET /api/admin/gst/gstr1.json: GSTR-1 of the month or quarter in the offline tool's JSON. */
export const downloadGstr1Json = (p: GstPeriod) => download(`/api/admin/gst/gstr1.json?${range(p)}`, 'application/json', `GSTR1-${p.to}.json`);

/** GET /api/admin/gst/gstr1/{section}.csv: one GSTR-1 section as the offline tool's CSV. */
export const downloadGstr1Section = (p: GstPeriod, section: Gstr1Section) =>
  download(`/api/admin/gst/gstr1/${section}.csv?${range(p)}`, 'text/csv', `gstr1-${section}-${p.to}.csv`);
