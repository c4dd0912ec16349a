/** The most of one product a cart line may hold. */
export const MAX_QUANTITY = 99;
