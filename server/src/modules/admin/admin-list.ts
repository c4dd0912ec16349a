import type { FastifyReply, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { adminRoute } from './admin.guards';

/** Where a page of an admin list stands: the total (capped past a count cap; decision 043) and, when paged by number, the page and its size. */
export interface Paging {
  total: number;
  capped?: boolean;
  page?: number;
  pageSize?: number;
}

const CAPPED_COUNT = 'X-Total-Count is exact up to 10000; when more match it is 10000 and X-Total-Count-Capped: true says "10000 or more".';

/**
 * GET `url` for the admin, the one shape of the admin's paged lists: `list` answers the page (its
 * rows under the key `items`) and where it stands; the route answers the rows as a JSON array checked
 * by `response`, with the total in X-Total-Count (X-Total-Count-Capped: true when capped; say
 * `capped` to document it), and X-Page and X-Page-Size when the list gives them.
 */
export function adminListRoute<Q extends z.ZodType, R extends z.ZodArray<z.ZodType>, K extends string>(
  app: App,
  url: string,
  route: {
    summary: string;
    description?: string;
    querystring: Q;
    response: R;
    capped?: boolean;
    items: K;
    list: (query: z.output<Q>) => Promise<Paging & Record<K, z.input<R['element']>[]>>;
  },
): void {
  const description = [route.description, route.capped ? CAPPED_COUNT : undefined].filter(Boolean).join(' ');
  // Typed as any schema: `list` is typed by `response` above, and the answer is checked by it when sent.
  const schema: FastifySchema = {
    tags: ['admin'],
    summary: route.summary,
    ...(description ? { description } : {}),
    querystring: route.querystring,
    response: { 200: route.response, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
  };
  app.get(url, { ...adminRoute, schema }, async (req, reply) => {
    const page = await route.list(req.query as z.output<Q>);
    reply.header('X-Total-Count', String(page.total));
    if (page.page !== undefined) reply.header('X-Page', String(page.page));
    if (page.pageSize !== undefined) reply.header('X-Page-Size', String(page.pageSize));
    if (page.capped) reply.header('X-Total-Count-Capped', 'true');
    return page[route.items];
  });
}

/** Answers `body` as a CSV download named `<name>-<today, UTC>.csv`: the admin's exports. */
export const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(body);
