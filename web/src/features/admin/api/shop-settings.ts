import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPolicy, PolicyInput, PolicySlug } from '@shared/policies.schemas';
import type { ShopSettingsInput, ShopSettingsView } from '@shared/shop-settings.schemas';
import { adminGet, adminSend, adminSendForm } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const settingsKey = ['admin', 'settings'] as const;
const policiesKey = ['admin', 'policies'] as const;

/** GET /api/admin/settings */
export function useShopSettings() {
  return useQuery(queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => adminGet<ShopSettingsView>('/api/admin/settings', signal), staleTime: 0 }));
}

/** PUT /api/admin/settings */
const saveSettings = (input: ShopSettingsInput) => adminSend<ShopSettingsView>('PUT', '/api/admin/settings', input);

/** POST /api/admin/settings/logo (field logo) */
function uploadLogo(file: File): Promise<ShopSettingsView> {
  const form = new FormData();
  form.append('logo', file);
  return adminSendForm<ShopSettingsView>('POST', '/api/admin/settings/logo', form);
}

/** DELETE /api/admin/settings/logo */
const removeLogo = () => adminSend<ShopSettingsView>('DELETE', '/api/admin/settings/logo');

/** GET /api/admin/policies */
export function usePolicies() {
  return useQuery(queryOptions({ queryKey: policiesKey, queryFn: ({ signal }) => adminGet<AdminPolicy[]>('/api/admin/policies', signal), staleTime: 0 }));
}

/** PUT /api/admin/policies/{slug} */
const savePolicy = ({ slug, ...input }: PolicyInput & { slug: PolicySlug }) => adminSend<AdminPolicy>('PUT', `/api/admin/policies/${slug}`, input);

// The policies' default texts are made from the settings: a settings change renews them too.
export const useSaveShopSettings = () => useInvalidatingMutation(saveSettings, [settingsKey, policiesKey]);
export const useUploadLogo = () => useInvalidatingMutation(uploadLogo, [settingsKey]);
export const useRemoveLogo = () => useInvalidatingMutation(removeLogo, [settingsKey]);
export const useSavePolicy = () => useInvalidatingMutation(savePolicy, [policiesKey]);
