import type { App } from '../../app-types';
import { AdminClaimPage } from '@shared/services.schemas';
import * as claims from './claims.service';
import { serviceRequestAdminRoutes } from './service-requests.admin.routes';

/** The admin's list of free kit claims. */
export async function claimAdminRoutes(app: App) {
  serviceRequestAdminRoutes(app, {
    url: '/api/admin/claims',
    summaries: { list: 'Free kit claims, newest first', setStatus: 'Mark a claim new or handled' },
    updated: 'Claim updated',
    pageSchema: AdminClaimPage,
    list: claims.listClaims,
    setStatus: claims.setClaimStatus,
  });
}
