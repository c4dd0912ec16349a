import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, asAdmin, ADMIN_PASSWORD, multipart } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

const HEADER = 'product_id,title,category,description,price,stock,weight,hsn,gst,sku,options,parts';

describe.each(DB_KINDS)('products CSV import and export on %s (decision 045)', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  let token: string;

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    await factories(shop).category('CSV parts');
    token = await adminToken(shop);
    admin = asAdmin(shop, token);
  });
  afterAll(() => shop.close());

  const upload = (csv: string, dryRun: boolean) => {
    const { payload, headers } = multipart([
      { name: 'file', value: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' },
      ...(dryRun ? [{ name: 'dryRun', value: '1' }] : []),
    ]);
    return shop.app.inject({ method: 'POST', url: '/api/admin/products/import', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
  };
  const productCount = async () =>
    Number(
      (
        await shop.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports 2,000 rows of products with variants with a report; exporting and importing again changes nothing', async () => {
    const rows = [HEADER];
    for (let i = 0; i < 1000; i++) {
      const title = `CSV motor ${i}`;
      const description = i % 2 ? `"Quoted", with commas\nand a second line ${i}` : `-12 V, ${i}`;
      rows.push(`,${title},csv parts,"${description.replace(/"/g, '""')}",${100 + i}.50,${i % 7},${50 + i},8501,18,M-${i}-B,Battery=included,`);
      rows.push(`,${title},CSV parts,"${description.replace(/"/g, '""')}",${90 + i},,${40 + i},,,M-${i}-N,Battery=not included,`);
    }
    const before = await productCount();
    const dry = await upload(rows.join('\n'), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, applied: false, created: 2000, errors: 0 });
    expect(dry.json().rows).toHaveLength(2000);
    expect(await productCount()).toBe(before);

    const real = await upload(rows.join('\n'), false);
    expect(real.json()).toMatchObject({ dryRun: false, applied: true, created: 2000, errors: 0 });
    expect(await productCount()).toBe(before + 1000);
    const found = (await shop.app.inject('/api/products/search/CSV%20motor%20417')).json() as {
      id: number;
      title: string;
      price: number;
      variants: unknown[];
    }[];
    const motor = found.find((p) => p.title === 'CSV motor 417')!;
    expect(motor.price).toBe(507);
    expect(motor.variants).toEqual([
      expect.objectContaining({ sku: 'M-417-B', options: { Battery: 'included' }, price: 517.5, stock: 417 % 7 }),
      expect.objectContaining({ sku: 'M-417-N', options: { Battery: 'not included' }, price: 507, stock: null }),
    ]);

    // A kit of two of one variant, and a plain product, go through the round trip too.
    const kit = await factories(shop).product({ title: 'CSV kit', categoryId: (await factories(shop).category('CSV kits')).id, pricePaise: 99_900 });
    const variantId = (motor.variants[0] as { id: number }).id;
    expect((await admin.put(`/api/admin/products/${kit.id}/parts`, { parts: [{ productId: motor.id, variantId, quantity: 2 }] })).statusCode).toBe(200);

    const exported = await admin.get('/api/admin/products/export.csv');
    expect(exported.body).toContain(`${motor.id}/${variantId}x2`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const again = await upload(exported.body, false);
    expect(again.json()).toMatchObject({ errors: 0, created: 0, updated: 0 });
    expect(again.json().unchanged).toBe(again.json().rows.length);
    expect((await admin.get('/api/admin/products/export.csv')).body).toBe(exported.body);
  }, 240_000);

  it('reports each bad row with its line and writes nothing; a wrong header or no file is a 400', async () => {
    const before = await productCount();
    const csv = [
      HEADER,
      ',Good sensor,CSV parts,,99,3,,,,,,',
      ',No category,Nowhere,,99,3,,,,,,',
      ',Bad price,CSV parts,,-5,3,,,,,,',
      ',Bad options,CSV parts,,5,3,,,,,Battery,',
      ',Kit of nothing,CSV parts,,5,,,,,,,999999999x2',
      '999999999,Gone,CSV parts,,5,,,,,,,',
    ].join('\r\n');
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: false, errors: 5, created: 1 });
    expect(
      res
        .json()
        .rows.filter((r: { outcome: string }) => r.outcome === 'error')
        .map((r: { line: number }) => r.line),
    ).toEqual([3, 4, 5, 6, 7]);
    expect(await productCount()).toBe(before);
    expect((await upload('title,price\nx,1', false)).statusCode).toBe(400);
    expect((await upload(`${HEADER}\n",unclosed`, false)).statusCode).toBe(400);
  });
});
