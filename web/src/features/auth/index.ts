// The auth feature's public file: what other features may use (docs/decisions/056).
export { meQueryKey } from './api/get-me';
export { UserMenu } from './components/user-menu';
export { useSession } from './hooks/use-session';
export { useShopperKey, useShopperQuery } from './hooks/use-shopper-query';
