import { useMutation } from '@tanstack/react-query';
import type { PrintRequestFields } from '@shared/services.schemas';
import { apiFetch } from '@/lib/api-client';

type PrintRequest = { fields: PrintRequestFields; files: File[] };

/** POST /api/mailforwarder/ (multipart, repeated `files`): answers the text to show the customer. */
async function submitPrintRequest({ fields, files }: PrintRequest): Promise<string> {
  const body = new FormData();
  body.set('con_name', fields.con_name);
  body.set('phNo', fields.phNo);
  if (fields.email) body.set('email', fields.email);
  body.set('reason', fields.reason);
  body.set('message', fields.message);
  body.set('is2DTo3D', String(fields.is2DTo3D));
  for (const key of ['length', 'width', 'height'] as const) {
    const value = fields[key];
    if (value !== undefined) body.set(key, String(value));
  }
  // Fields first, then the files, so the server reads the form before the large parts.
  for (const file of files) body.append('files', file, file.name);
  const res = await apiFetch('/api/mailforwarder/', { method: 'POST', body });
  return res.text();
}

export function useSubmitPrintRequest() {
  return useMutation({ mutationFn: submitPrintRequest });
}
