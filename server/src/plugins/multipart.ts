import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';
import { hasNul, NUL_MESSAGE } from './nul-guard';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface MultipartForm {
  fields: Record<string, string>;
  files: { field: string; filename: string; data: Buffer }[];
}

/**
 * Reads a multipart form into memory, within limits: at most `maxFiles` files
 * of `maxFileBytes` (default MAX_UPLOAD_BYTES) each, text fields of at most 20,000 characters.
 */
export async function readMultipart(req: FastifyRequest, options: { maxFiles: number; tooManyFiles: string; maxFileBytes?: number }): Promise<MultipartForm> {
  const maxBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  if (!req.isMultipart()) throw new AppError('not_multipart', 415, 'Send the form as multipart/form-data');
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: options.maxFiles + 1, fieldSize: 20_000, fields: 50 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) continue;
        form.files.push({ field: part.fieldname, filename: part.filename, data });
        if (form.files.length > options.maxFiles) throw badRequest(options.tooManyFiles, 'too_many_files');
      } else {
        form.fields[part.fieldname] = String(part.value ?? '');
        if (hasNul(form.fields[part.fieldname]) || hasNul(part.fieldname)) throw badRequest(NUL_MESSAGE, 'nul_character');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', 413, `Each file may be at most ${maxBytes / 1024 / 1024} MB.`);
    if (code === 'FST_FILES_LIMIT') throw badRequest(options.tooManyFiles, 'too_many_files');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields', 'too_many_fields');
    throw badRequest('The upload could not be read. Please try again.', 'bad_multipart');
  }
  return form;
}

/**
 * Reads a multipart form that sends one file in `field` (a logo, a CSV list): its text fields and that
 * file; without it, 400 `file_missing` with `missing` as the message and `fieldError` under the field.
 */
export async function readOneFile(
  req: FastifyRequest,
  options: { field: string; tooManyFiles: string; maxFileBytes: number; missing: string; fieldError: string },
): Promise<{ fields: MultipartForm['fields']; file: MultipartForm['files'][number] }> {
  const form = await readMultipart(req, { maxFiles: 1, tooManyFiles: options.tooManyFiles, maxFileBytes: options.maxFileBytes });
  const file = form.files.find((f) => f.field === options.field);
  if (!file) throw badRequest(options.missing, 'file_missing', { [options.field]: options.fieldError });
  return { fields: form.fields, file };
}
