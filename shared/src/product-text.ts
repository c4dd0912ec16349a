import { z } from 'zod';

/**
 * A product's title and description: the limits the original shop allowed
 * (title VARCHAR(255), description TEXT of 65,535 bytes), so that everything it
 * held comes across whole (decision 039). One rule for the admin form, the
 * server and the importer.
 */
export const PRODUCT_TITLE_MAX = 255;
export const PRODUCT_DESCRIPTION_MAX = 65_535;

export const ProductTitle = z.string().trim().min(1, 'Title is required').max(PRODUCT_TITLE_MAX, `Title must be at most ${PRODUCT_TITLE_MAX} characters`);
export const ProductDescription = z.string().trim().max(PRODUCT_DESCRIPTION_MAX, 'Description must be at most 65,535 characters');
