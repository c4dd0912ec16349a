import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { record, type AuditChanges } from './audit.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** before/after of the fields an admin write changed, set by the routes that know them */
    auditChanges?: AuditChanges;
  }
}

/** The original's route names for entities that have one name elsewhere. */
const ENTITY_ALIASES: Record<string, string> = { UserOrders: 'orders', ordersAdmin: 'orders', advertimages: 'adverts' };

/** The entity of an admin route: its first path segment after /api (and /admin), and the first parameter's value. */
function entityOf(url: string, params: unknown): { entityType: string | null; entityId: string | null } {
  const type =
    url
      .replace(/^\/api\/(admin\/)?/, '')
      .split('/')[0]
      ?.replace(/\.(csv|json)$/, '') ?? '';
  const values = Object.values((params ?? {}) as Record<string, unknown>);
  return { entityType: ENTITY_ALIASES[type] ?? (type || null), entityId: values.length ? String(values[0]) : null };
}

/**
 * Every admin write and every export (a `.csv`, `.pdf` or `.json` route) by a signed-in admin is
 * appended to the audit log once its answer is sent, refused or not: who, role,
 * address, route, status, entity and the changes the route recorded.
 */
export const auditLogPlugin = fp(async (app: App) => {
  const log = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.admin) return;
    const url = req.routeOptions.url ?? req.url;
    try {
      await record(app.db, {
        action: req.method === 'GET' ? 'export' : 'write',
        actor: req.admin.username,
        role: req.admin.role,
        ip: req.ip,
        method: req.method,
        route: url,
        status: reply.statusCode,
        ...entityOf(url, req.params),
        changes: req.auditChanges ?? null,
      });
    } catch (err) {
      req.log.error({ err }, 'could not write the audit log');
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.admin) return;
    const methods = [route.method].flat();
    const writes = !methods.every((m) => m === 'GET' || m === 'HEAD');
    if (writes || /\.(csv|pdf|json)$/.test(route.url)) route.onResponse = [...[route.onResponse ?? []].flat(), log];
  });
});
