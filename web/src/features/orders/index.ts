// The orders feature's public file: what other features may use (docs/decisions/056).
export { ordersQueryKey } from './api/get-orders';
export { formatOrderDate, statusTone, type StatusTone } from './lib/order-format';
