/** Texts of the admin dashboard quoted by SPEC.md §2 and §8 (and our own beyond it), word for word. */
export const adminMessages = {
  // Session
  loginSuccessful: 'Login successful',
  loginFailed: 'Login failed',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out successfully',
  // Products
  productsFetched: 'Products fetched successfully',
  errorFetchingProducts: 'Error fetching products',
  productAdded: 'Product added successfully',
  errorAddingProduct: 'Error adding product',
  productUpdated: 'Product updated successfully',
  errorUpdatingProduct: 'Error updating product',
  productDeleted: 'Product deleted successfully',
  errorDeletingProduct: 'Error deleting product',
  selectCategory: 'Select a category',
  // Orders
  failedToFetchOrders: 'Failed to fetch orders',
  failedToUpdateStatus: 'Failed to update order status.',
  statusUpdated: 'Order status updated successfully!',
  ordersFetched: 'Orders fetched successfully',
  errorFetchingOrders: 'Error fetching orders',
  confirmDelivered: 'Setting status to "Delivered" will notify the user and cannot be reverted. Proceed with caution.',
  confirmCanceled:
    'Canceling cannot be reverted. The shopper is told by mail, the units go back on sale, and what was paid (less earlier refunds) is refunded through the payment provider.',
  // Coupons
  failedToFetchCoupons: 'Failed to fetch coupons',
  couponAdded: 'Coupon added successfully',
  failedToAddCoupon: 'Failed to add coupon',
  errorDeletingCoupon: 'An error occurred while deleting the coupon',
  failedToSaveCoupon: 'Failed to save coupon',
  couponUpdated: 'Coupon updated successfully',
  couponDeleted: 'Coupon deleted successfully',
  // Adverts
  tooManyAdverts: 'You can only select up to 5 images.',
  advertsUploaded: 'Advert images uploaded successfully',
  errorUploadingAdverts: 'Error uploading advert images',
  advertDeleted: 'Advert image deleted successfully',
  errorDeletingAdvert: 'Error deleting advert image',
  // Categories
  categoryAdded: 'Category added successfully',
  categoryRenamed: 'Category renamed successfully',
  categoryDeleted: 'Category deleted successfully',
  errorAddingCategory: 'Error adding category',
  errorRenamingCategory: 'Error renaming category',
  errorDeletingCategory: 'Error deleting category',
} as const;

/** 'Error adding product: {message}' when the server said why, else 'Error adding product' (SPEC.md §8). */
export function withReason(prefix: string, reason: string | null | undefined): string {
  return reason ? `${prefix}: ${reason}` : prefix;
}

/** Most advert images one upload takes (SPEC.md §9). */
export const MAX_ADVERT_UPLOAD = 5;
