import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { FreeClaimInput, MAX_PRINT_FILE_BYTES, MAX_PRINT_FILES } from '@shared/services.schemas';
import { readMultipart } from '../../plugins/multipart';
import * as printing from '../printing/printing.service';
import * as claims from './claims.service';

/** The two public forms: free kit claims and 3D printing requests (rate-limited per client address). */
export async function serviceRoutes(app: App) {
  const deps = { db: app.db, mailer: app.mailer, config: app.config, log: app.log, storage: app.storage };
  const limited = { rateLimit: { max: app.config.formRateLimit, timeWindow: '10 minutes' } };

  app.post(
    '/api/freeclaim',
    {
      config: limited,
      schema: {
        tags: ['services'],
        summary: 'Claim a free kit for a school (products priced 0 only; once per email and product)',
        body: FreeClaimInput,
        response: { 200: z.object({ message: z.string() }), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => claims.claim(deps, req.body),
  );

  for (const url of ['/api/mailforwarder/', '/api/mailforwarder']) {
    app.post(
      url,
      {
        config: limited,
        schema: {
          tags: ['services'],
          summary: '3D printing request (multipart: con_name, phNo, email?, reason, message, is2DTo3D, length, width, height, files); answers text',
          hide: url === '/api/mailforwarder',
          consumes: ['multipart/form-data'],
          response: { 200: z.string(), 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        const form = await readMultipart(req, {
          maxFiles: MAX_PRINT_FILES,
          tooManyFiles: `Send at most ${MAX_PRINT_FILES} files.`,
          maxFileBytes: MAX_PRINT_FILE_BYTES,
        });
        const text = await printing.submitRequest(deps, form);
        return reply.type('text/plain; charset=utf-8').send(text);
      },
    );
  }
}
