import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { instantOf, rowsByParent } from '../../db/rows';
import { normalizePhone } from '@shared/account.schemas';
import { pageAnswer } from '@shared/paging';
import { formatRupees } from '@shared/money';
import {
  CONTACT_REASONS,
  isContactReason,
  MAX_PRINT_FILES,
  printPrice,
  PrintRequestFields,
  type ContactReason,
  type ServiceStatus,
} from '@shared/services.schemas';
import { fitsBuildVolume, MAX_PRINT_CM, parseStl, StlError, type StlInfo } from '@shared/stl';
import { badRequest, notFound, parseOrBadRequest } from '../../errors';
import type { MultipartForm } from '../../plugins/multipart';
import type { FileStorage } from '../../storage/storage';
import type { ClaimDeps } from '../claims/claims.service';
import { contactNoticeMail, printConfirmationMail, printNoticeMail } from '../mail/mail.templates';
import type { AttachmentRef, Mailer } from '../mail/mailer';
import * as orders from '../orders/orders.service';
import * as repo from './printing.repository';

/** Files besides STL models that a request may carry (drawings and photos for 2D-to-3D work). */
const OTHER_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'svg', 'dxf', 'obj', '3mf', 'step', 'stp'];
/** Attach files to the shop's mail up to this total; beyond it, link to the dashboard. */
const MAX_ATTACH_BYTES = 15 * 1024 * 1024;

const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-80) || 'file';

type CheckedFile = { file: MultipartForm['files'][number]; name: string; info: StlInfo | null };

/** Each file: a real STL model within the build volume, or a drawing or photo of an accepted type. */
function checkFiles(files: MultipartForm['files']): CheckedFile[] {
  if (files.length > MAX_PRINT_FILES) throw badRequest(`Send at most ${MAX_PRINT_FILES} files.`, 'too_many_files');
  return files.map((file) => {
    const name = safeName(file.filename);
    const ext = extension(name);
    if (ext === 'stl') {
      try {
        const info = parseStl(file.data);
        if (!fitsBuildVolume(info)) {
          const cm = (mm: number) => (mm / 10).toFixed(1);
          throw badRequest(
            `${name} measures ${cm(info.size.x)} x ${cm(info.size.y)} x ${cm(info.size.z)} cm, larger than our ${MAX_PRINT_CM} cm build volume.`,
            'too_large_model',
          );
        }
        return { file, name, info };
      } catch (err) {
        if (err instanceof StlError) throw badRequest(`${name}: ${err.message}`, 'invalid_stl');
        throw err;
      }
    }
    if (!OTHER_EXTENSIONS.includes(ext)) throw badRequest(`${name}: send .stl models, or drawings and photos (${OTHER_EXTENSIONS.join(', ')}).`, 'file_type');
    return { file, name, info: null };
  });
}

type QueuedMail = Parameters<Mailer['queue']>[1][number];

/**
 * Stores the files, then the request and its mails in one transaction (decision 035: the files go
 * by reference); the files are removed again if that fails.
 */
async function storeRequest(
  deps: ClaimDeps & { storage: FileStorage },
  request: repo.NewPrintRequest,
  checked: CheckedFile[],
  mails: (id: number, attachments: AttachmentRef[]) => QueuedMail[],
): Promise<number> {
  const stored: string[] = [];
  try {
    const files: repo.NewPrintFile[] = [];
    for (const c of checked) {
      const key = `print-requests/${randomUUID()}-${c.name}`;
      await deps.storage.put(key, c.file.data, 'application/octet-stream');
      stored.push(key);
      files.push({
        filename: c.name,
        storage_key: key,
        size_bytes: c.file.data.length,
        is_stl: c.info ? 1 : 0,
        size_x_mm: c.info?.size.x ?? null,
        size_y_mm: c.info?.size.y ?? null,
        size_z_mm: c.info?.size.z ?? null,
        volume_mm3: c.info?.volume ?? null,
      });
    }
    const attach = files.reduce((sum, f) => sum + f.size_bytes, 0) <= MAX_ATTACH_BYTES;
    const attachments = attach ? files.map((f): AttachmentRef => ({ kind: 'file', key: f.storage_key, filename: f.filename })) : [];
    const id = await deps.db.transaction().execute(async (trx) => {
      const requestId = await repo.insertRequest(trx, request, files);
      await deps.mailer.queue(trx, mails(requestId, attachments));
      return requestId;
    });
    deps.mailer.deliverSoon();
    return id;
  } catch (err) {
    await Promise.all(stored.map((k) => deps.storage.delete(k).catch(() => {})));
    throw err;
  }
}

/** The fields every request's mail to the shop starts with. */
const contactFields = (input: PrintRequestFields): [string, string][] => [
  ['Name', input.con_name],
  ['Phone', normalizePhone(input.phNo)!],
  ['Email', input.email ?? '-'],
  ['Reason', input.reason],
  ['Message', input.message],
];

const fileField = (c: CheckedFile): [string, string] => [
  'File',
  c.info
    ? `${c.name} (${(c.info.size.x / 10).toFixed(1)} x ${(c.info.size.y / 10).toFixed(1)} x ${(c.info.size.z / 10).toFixed(1)} cm, ${(c.info.volume / 1000).toFixed(1)} cm³)`
    : c.name,
];

const baseRow = (input: PrintRequestFields) => ({
  con_name: input.con_name,
  ph_no: normalizePhone(input.phNo)!,
  email: input.email ?? null,
  reason: input.reason,
  message: input.message,
});

/**
 * A request through POST api/mailforwarder/. A 3D printing request (the default
 * reason) is validated (fields, at least one file, counts and sizes, real STL
 * models within the build volume), priced as SPEC.md §9 says, stored with its
 * files, and sent to the shop (files attached, or linked when too large) with a
 * confirmation to the customer. The company site's other forms (CONTACT_REASONS)
 * go the same way without a price, their files optional.
 */
export async function submitRequest(deps: ClaimDeps & { storage: FileStorage }, form: MultipartForm): Promise<string> {
  const input = parseOrBadRequest(PrintRequestFields, form.fields);
  if (isContactReason(input.reason)) return submitContactRequest(deps, input, input.reason, checkFiles(form.files));
  if (form.files.length === 0)
    throw badRequest('Add at least one file (an .stl model, or a drawing for 2D-to-3D).', 'no_files', { files: 'Add at least one file' });
  const checked = checkFiles(form.files);

  const price = printPrice(checked.map((c) => c.name));
  const shopName = deps.config.public.shopName;
  const dims = [input.length, input.width, input.height].map((d) => (d === undefined ? '-' : String(d))).join(' x ');
  const fields: [string, string][] = [
    ...contactFields(input),
    ['2D to 3D', input.is2DTo3D ? 'Yes' : 'No'],
    ['Length x width x height (cm)', dims],
    ['Estimated price', formatRupees(price)],
    ...checked.map(fileField),
  ];
  const id = await storeRequest(
    deps,
    {
      ...baseRow(input),
      is_2d_to_3d: input.is2DTo3D ? 1 : 0,
      length_cm: input.length ?? null,
      width_cm: input.width ?? null,
      height_cm: input.height ?? null,
      price_paise: price * 100,
    },
    checked,
    (requestId, attachments) => [
      { to: deps.config.mail.shopEmail, kind: 'print-request', ...printNoticeMail(shopName, requestId, fields, `${deps.config.publicUrl}/admin`), attachments },
      ...(input.email
        ? [{ to: input.email, kind: 'print-confirmation', ...printConfirmationMail(shopName, input.con_name, requestId, formatRupees(price)) }]
        : []),
    ],
  );
  return `Thank you! Your 3D printing request #${id} has been received. Estimated price: ${formatRupees(price)}. We will contact you soon.`;
}

/**
 * School enrollment, demo booking, refund or service, and other requests (the
 * original backend's reasons): name, phone and message required, files optional;
 * a demo booking names a paid order of this shop (order ID, payment id or invoice
 * number). Stored with the 3D requests (no price) and mailed to the shop.
 */
async function submitContactRequest(
  deps: ClaimDeps & { storage: FileStorage },
  input: PrintRequestFields,
  reason: ContactReason,
  checked: CheckedFile[],
): Promise<string> {
  const invoice = input.invoice ?? null;
  if (reason === 'Demo Request') {
    if (!invoice)
      throw badRequest('Invoice is required for demo booking', 'invoice_required', { invoice: 'Enter the order ID or invoice number of your purchase' });
    if (!(await orders.isPaidOrderReference(deps.db, invoice)))
      throw badRequest('Invalid invoice', 'invoice_unknown', { invoice: 'No order of this shop has this ID or invoice number' });
  }
  const fields: [string, string][] = [...contactFields(input), ...(invoice ? [['Invoice', invoice] as [string, string]] : []), ...checked.map(fileField)];
  await storeRequest(
    deps,
    { ...baseRow(input), invoice, is_2d_to_3d: 0, length_cm: null, width_cm: null, height_cm: null, price_paise: 0 },
    checked,
    (requestId, attachments) => [
      {
        to: deps.config.mail.shopEmail,
        kind: 'contact-request',
        ...contactNoticeMail(deps.config.public.shopName, CONTACT_REASONS[reason], requestId, fields, `${deps.config.publicUrl}/admin`),
        attachments,
      },
    ],
  );
  return 'Your request has been sent to the admin. You will be contacted soon.';
}

export async function listRequests(db: Db, status: string | null, page: number) {
  const found = await repo.pageOfRequests(db, status, page);
  const filesOf = rowsByParent(
    await repo.filesOf(
      db,
      found.rows.map((r) => r.id),
    ),
    'request_id',
  );
  return pageAnswer('requests', found, (r) => ({
    id: r.id,
    name: r.con_name,
    phone: r.ph_no,
    email: r.email,
    reason: r.reason,
    invoice: r.invoice,
    message: r.message,
    is2DTo3D: Boolean(r.is_2d_to_3d),
    dimensionsCm: { length: r.length_cm, width: r.width_cm, height: r.height_cm },
    price: Number(r.price_paise) / 100,
    status: r.status as ServiceStatus, // the table holds only what ServiceStatusBody lets in
    createdAt: instantOf(r.created_at),
    files: filesOf(r.id).map((f) => ({
      id: f.id,
      filename: f.filename,
      sizeBytes: Number(f.size_bytes),
      isStl: Boolean(f.is_stl),
      sizeMm: f.size_x_mm === null ? null : { x: Number(f.size_x_mm), y: Number(f.size_y_mm), z: Number(f.size_z_mm) },
      volumeMm3: f.volume_mm3 === null ? null : Number(f.volume_mm3),
    })),
  }));
}

/** Marks a 3D printing request new or handled. */
export async function setRequestStatus(db: Db, id: number, status: string): Promise<void> {
  if (!(await repo.setRequestStatus(db, id, status))) throw notFound('Request not found', 'request_not_found');
}

/** A file of a 3D printing request, with its stored bytes, for the admin to download. */
export async function requestFile(db: Db, storage: FileStorage, id: number, fileId: number) {
  const file = await repo.findFile(db, id, fileId);
  const stored = file && (await storage.get(file.storage_key));
  if (!file || !stored) throw notFound('File not found', 'file_not_found');
  return { filename: file.filename, stored };
}
