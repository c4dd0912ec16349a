import { describe, expect, it } from 'vitest';
import { ProductFormFields, ProductGstRate, ProductHsn, ProductStock, productFormMessages } from './product-form.schemas';

const form = {
  title: 'Robot kit',
  price: '2499.50',
  description: '',
  category: 'Kits',
  stock: '',
  hsnCode: '',
  gstRate: '',
  weight: '',
  lowStockThreshold: '',
};
const firstMessage = (values: Record<string, string>) => ProductFormFields.safeParse({ ...form, ...values }).error?.issues[0]?.message;

describe('the product form, one rule for the server and the web form', () => {
  it('takes a form with the optional fields left empty', () => {
    expect(ProductFormFields.safeParse(form).success).toBe(true);
  });

  it.each([
    [{ price: '' }, productFormMessages.priceRequired],
    [{ price: '12.345' }, productFormMessages.price],
    [{ category: ' ' }, productFormMessages.category],
    [{ stock: '1000001' }, productFormMessages.stock],
    [{ stock: '-1' }, productFormMessages.stock],
    [{ hsnCode: '123' }, productFormMessages.hsn],
    [{ gstRate: '7' }, productFormMessages.gstRate],
    [{ weight: '1000001' }, productFormMessages.weight],
    [{ lowStockThreshold: '100001' }, productFormMessages.lowStockThreshold],
  ])('refuses %o with the server’s message', (values, message) => {
    expect(firstMessage(values)).toBe(message);
  });

  it('keeps the limits at their edges', () => {
    expect(ProductStock.safeParse('1000000').success).toBe(true);
    expect(ProductHsn.safeParse('12345678').success).toBe(true);
    expect(ProductHsn.safeParse('').success).toBe(false);
    expect(ProductGstRate.safeParse('0.25').success).toBe(true);
  });
});
