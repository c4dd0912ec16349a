import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf, startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { as, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN, verifiedShopper } from './helpers/shoppers';
import { stockOf, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('variants and kits on %s (decision 045)', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;

  beforeAll(async () => {
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Kits and parts', { SIMULATED_WEBHOOK_DELAY_MS: '60000' }));
  });
  afterAll(() => shop.close());

  const variantStock = async (id: number) =>
    (await shop.db.selectFrom('product_variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const product = async (id: number) => (await shop.app.inject(`/api/product/${id}`)).json();
  const shopper = async () => {
    const s = await verifiedShopper(shop);
    return { ...s, api: as(shop, s.cookie) };
  };

  const battery = [{ name: 'Battery', values: ['included', 'not included'] }];

  it('sells a product per variant: lowest price shown, each variant its own price, stock, title and tax', async () => {
    const car = await f.product({ title: 'Line follower car', categoryId, pricePaise: 150_000 });
    const plain = await product(car.id);
    expect(Object.keys(plain)).not.toContain('variants');

    const saved = await admin.put(`/api/admin/products/${car.id}/variants`, {
      options: battery,
      variants: [
        { options: { Battery: 'included' }, sku: 'LFC-B', price: '1799', stock: 3, hsnCode: '8507', gstRate: '28' },
        { options: { Battery: 'not included' }, sku: 'LFC-N', price: 1499.5, stock: 4 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [withBattery, without] = saved.json().variants as { id: number }[];

    const shown = await product(car.id);
    expect(shown.price).toBe(1499.5);
    expect(shown.stock).toBe(7);
    expect(shown.variants).toEqual([
      { id: withBattery!.id, sku: 'LFC-B', options: { Battery: 'included' }, price: 1799, stock: 3 },
      { id: without!.id, sku: 'LFC-N', options: { Battery: 'not included' }, price: 1499.5, stock: 4 },
    ]);

    const s = await shopper();
    const noChoice = await s.api.post('/api/cart', { productId: car.id });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json()).toMatchObject({ code: 'variant_required', message: 'Choose Battery first.' });
    const foreign = await s.api.post('/api/cart', { productId: car.id, variantId: 999_999 });
    expect(foreign.json().code).toBe('unknown_variant');
    const tooMany = await s.api.post('/api/cart', { productId: car.id, variantId: withBattery!.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    const added = await s.api.post('/api/cart', { productId: car.id, variantId: withBattery!.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items).toEqual([
      expect.objectContaining({ id: car.id, variantId: withBattery!.id, price: 1799, title: 'Line follower car (Battery: included)', stock: 3 }),
    ]);
    // The other variant is a line of its own.
    await s.api.post('/api/cart', { productId: car.id, variantId: without!.id, quantity: 1 });
    expect((await s.api.patch(`/api/cart/${car.id}?variantId=${without!.id}`, { quantity: 2 })).json().subtotal).toBe(1799 * 2 + 1499.5 * 2);
    expect((await s.api.delete(`/api/cart/${car.id}?variantId=${without!.id}`)).json().items).toHaveLength(1);

    const order = await s.api.post('/api/createBulkOrder', { items: [{ productId: car.id, variantId: withBattery!.id, quantity: 2 }], totalAmount: 1 });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().amount).toBe(359_800);
    expect(await variantStock(withBattery!.id)).toBe(1);
    expect(await variantStock(without!.id)).toBe(4);
    const line = await shop.db.selectFrom('order_lines').selectAll().where('variant_id', '=', withBattery!.id).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ title: 'Line follower car (Battery: included)', hsn_code: '8507', gst_rate_bp: 2800 });

    await as(shop, s.cookie).post('/api/processOrder', await payInSimulation(shop, s.cookie, order.json().id));
    expect((await admin.patch(`/api/UserOrders/${order.json().orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    expect(await variantStock(withBattery!.id)).toBe(3);
  });

  it('keeps variant ids while their option values stay, and refuses bad variants with a 4xx', async () => {
    const board = await f.product({ title: 'Controller board', categoryId });
    const first = await admin.put(`/api/admin/products/${board.id}/variants`, {
      options: [{ name: 'Revision', values: ['A', 'B'] }],
      variants: [
        { options: { Revision: 'A' }, price: '900', stock: 1 },
        { options: { Revision: 'B' }, price: '950', stock: null },
      ],
    });
    const idOfB = first.json().variants[1].id;
    const second = await admin.put(`/api/admin/products/${board.id}/variants`, {
      options: [{ name: 'Revision', values: ['B', 'C'] }],
      variants: [
        { options: { Revision: 'B' }, price: '960', stock: 2 },
        { options: { Revision: 'C' }, price: '990', stock: 2 },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().variants[0]).toMatchObject({ id: idOfB, price: 960 });
    for (const bad of [
      { options: battery, variants: [{ options: { Battery: 'maybe' }, price: '1', stock: 1 }] },
      {
        options: battery,
        variants: [
          { options: { Battery: 'included' }, price: '1', stock: 1 },
          { options: { Battery: 'included' }, price: '2', stock: 1 },
        ],
      },
      { options: battery, variants: [{ options: { Battery: 'included' }, price: '-1', stock: 1 }] },
      { options: battery, variants: [] },
      { options: [], variants: [{ options: {}, price: '1', stock: 1 }] },
    ]) {
      const res = await admin.put(`/api/admin/products/${board.id}/variants`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const other = await f.product({ title: 'Other board', categoryId });
    const clash = await admin.put(`/api/admin/products/${other.id}/variants`, {
      options: battery,
      variants: [{ options: { Battery: 'included' }, sku: 'LFC-B', price: '1', stock: 1 }],
    });
    expect(clash.statusCode).toBe(409);
    // Options removed: the product is plain again.
    expect((await admin.put(`/api/admin/products/${board.id}/variants`, { options: [], variants: [] })).statusCode).toBe(200);
    expect(Object.keys(await product(board.id))).not.toContain('variants');
  });

  it("gives a variant one of the product's images; keeps it when a save leaves it out; refuses another image with a 400", async () => {
    const chassis = await f.product({ title: 'Chassis with colours', categoryId, images: 2 });
    const images = (await product(chassis.id)).images as string[];
    expect(images).toHaveLength(2);
    const colours = [{ name: 'Colour', values: ['red', 'blue'] }];
    const saved = await admin.put(`/api/admin/products/${chassis.id}/variants`, {
      options: colours,
      variants: [
        { options: { Colour: 'red' }, price: '500', stock: 1, image: images[1] },
        { options: { Colour: 'blue' }, price: '500', stock: 1, image: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants.map((v: { image: string | null }) => v.image)).toEqual([images[1], null]);
    expect((await product(chassis.id)).variants[0].image).toBe(images[1]);
    // A save without images (a CSV import) leaves them as they are.
    await admin.put(`/api/admin/products/${chassis.id}/variants`, {
      options: colours,
      variants: [
        { options: { Colour: 'red' }, price: '550', stock: 1 },
        { options: { Colour: 'blue' }, price: '500', stock: 1 },
      ],
    });
    expect((await admin.get(`/api/admin/products/${chassis.id}/variants`)).json().variants[0]).toMatchObject({ price: 550, image: images[1] });
    const foreign = await admin.put(`/api/admin/products/${chassis.id}/variants`, {
      options: colours,
      variants: [
        { options: { Colour: 'red' }, price: '500', stock: 1, image: '/uploads/products/not-this-one.png' },
        { options: { Colour: 'blue' }, price: '500', stock: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('invalid_variant_image');
  });

  it("lists low variants in the admin's low-stock list, and not the row of a product with variants", async () => {
    const servo = await f.product({ title: 'Servo with gears', categoryId, stock: 0 });
    await admin.put(`/api/admin/products/${servo.id}/variants`, {
      options: [{ name: 'Gears', values: ['metal', 'plastic'] }],
      variants: [
        { options: { Gears: 'metal' }, price: '300', stock: 2 },
        { options: { Gears: 'plastic' }, price: '200', stock: 40 },
      ],
    });
    const overview = (await admin.get('/api/admin/overview')).json() as { lowStock: { id: number; title: string; stock: number }[] };
    expect(overview.lowStock).toContainEqual({ id: servo.id, title: 'Servo with gears (Gears: metal)', stock: 2 });
    expect(overview.lowStock.filter((p) => p.id === servo.id)).toHaveLength(1);
    expect(overview.lowStock.map((p) => p.stock)).toEqual([...overview.lowStock.map((p) => p.stock)].sort((a, b) => a - b));
  });

  it("saves a product's variants, or a kit's parts, sent by two admins at once as one of the saves, never a mix of them (decision 113)", async () => {
    for (let round = 0; round < 4; round++) {
      const car = await f.product({ title: `Raced colours ${round}`, categoryId });
      const colours = (values: string[], sku: string) => ({
        options: [{ name: 'Colour', values }],
        variants: values.map((v) => ({ options: { Colour: v }, sku: `${sku}-${v}-${kind}-${round}`, price: '10', stock: 1 })),
      });
      const saves = [colours(['red', 'blue'], 'X'), colours(['red', 'green'], 'Y'), colours(['blue'], 'Z')];
      const answers = await Promise.all(saves.map((body) => admin.put(`/api/admin/products/${car.id}/variants`, body)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const now = (await admin.get(`/api/admin/products/${car.id}/variants`)).json() as {
        options: unknown;
        variants: { options: Record<string, string>; sku: string }[];
      };
      expect(saves).toContainEqual({ options: now.options, variants: now.variants.map((v) => ({ options: v.options, sku: v.sku, price: '10', stock: 1 })) });

      const a = await f.product({ title: `Raced part A ${round}`, categoryId, stock: 5 });
      const b = await f.product({ title: `Raced part B ${round}`, categoryId, stock: 5 });
      const kit = await f.product({ title: `Raced kit ${round}`, categoryId });
      const kits = [
        [{ productId: b.id, quantity: 1 }],
        [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
        [{ productId: b.id, quantity: 3 }],
      ];
      const saved = await Promise.all(kits.map((parts) => admin.put(`/api/admin/products/${kit.id}/parts`, { parts })));
      expect(saved.map((s) => s.statusCode)).toEqual([200, 200, 200]);
      const parts = (await admin.get(`/api/admin/products/${kit.id}/parts`)).json().parts as { productId: number; quantity: number }[];
      expect(kits).toContainEqual(parts.map((p) => ({ productId: p.productId, quantity: p.quantity })));
    }
  });

  const makeKit = async (motorStock: number, boardStock: number) => {
    const motor = await f.product({ title: `Geared motor ${motorStock}-${boardStock}`, categoryId, stock: motorStock, pricePaise: 20_000 });
    const board = await f.product({ title: `Driver board ${motorStock}-${boardStock}`, categoryId, stock: boardStock, pricePaise: 30_000 });
    const kit = await f.product({ title: `Robot kit ${motorStock}-${boardStock}`, categoryId, stock: 50, pricePaise: 80_000 });
    const parts = await admin.put(`/api/admin/products/${kit.id}/parts`, {
      parts: [
        { productId: motor.id, quantity: 2 },
        { productId: board.id, quantity: 1 },
      ],
    });
    expect(parts.statusCode, parts.body).toBe(200);
    return { motor, board, kit, parts: parts.json() };
  };

  it('a kit of 2 × motor + 1 × board with motor stock 5 and board stock 10 shows 2 available; buying 2 leaves motor 1; cancelling gives the parts back', async () => {
    const { motor, board, kit, parts } = await makeKit(5, 10);
    expect(parts).toMatchObject({ available: 2, limitedBy: { productId: motor.id } });
    const shown = await product(kit.id);
    expect(shown).toMatchObject({
      available: 2,
      stock: 2,
      parts: [
        { productId: motor.id, quantity: 2 },
        { productId: board.id, quantity: 1 },
      ],
    });
    expect((await product(motor.id)).usedIn).toEqual([{ id: kit.id, title: kit.title }]);
    expect((await admin.get('/api/admin/kits')).json()).toContainEqual(
      expect.objectContaining({ id: kit.id, available: 2, limitedBy: expect.objectContaining({ productId: motor.id }) }),
    );

    const s = await shopper();
    expect((await s.api.post('/api/cart', { productId: kit.id, quantity: 3 })).statusCode).toBe(409);
    expect((await s.api.post('/api/cart', { productId: kit.id, quantity: 2 })).statusCode).toBe(200);
    const order = await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 2 }] });
    expect(order.statusCode, order.body).toBe(200);
    expect(await stockOf(shop, motor.id)).toBe(1);
    expect(await stockOf(shop, board.id)).toBe(8);
    expect((await product(kit.id)).available).toBe(0);
    await as(shop, s.cookie).post('/api/processOrder', await payInSimulation(shop, s.cookie, order.json().id));
    expect(await stockOf(shop, motor.id)).toBe(1);

    // The kit changes after the sale; the cancellation gives back what the order took.
    await admin.put(`/api/admin/products/${kit.id}/parts`, { parts: [{ productId: board.id, quantity: 3 }] });
    expect((await admin.patch(`/api/UserOrders/${order.json().orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    expect(await stockOf(shop, motor.id)).toBe(5);
    expect(await stockOf(shop, board.id)).toBe(10);
    // A part in a kit cannot be deleted from under it.
    expect((await admin.delete(`/api/products/${board.id}`)).statusCode).toBe(409);
  });

  it('refunding a kit line gives its parts back, once', async () => {
    const { motor, board, kit } = await makeKit(4, 4);
    const s = await shopper();
    await s.api.post('/api/cart', { productId: kit.id, quantity: 1 });
    const order = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
    await as(shop, s.cookie).post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id));
    expect(await stockOf(shop, motor.id)).toBe(2);
    const [line] = (await moneyOf(admin, order.orderId)).lines;
    const refund = await admin.post(`/api/admin/orders/${order.orderId}/refunds`, { lines: [line!.id], idempotencyKey: `kit-refund-${kind}` });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await stockOf(shop, motor.id)).toBe(4);
    expect(await stockOf(shop, board.id)).toBe(4);
    await admin.patch(`/api/UserOrders/${order.orderId}`, { status: 'canceled' });
    expect(await stockOf(shop, motor.id)).toBe(4);
  });

  it('refuses parts that cannot be: itself, a kit, a missing product, a product with variants named whole', async () => {
    const { kit, motor } = await makeKit(1, 1);
    const other = await f.product({ title: 'Outer kit', categoryId });
    const withVariants = await f.product({ title: 'Coloured chassis', categoryId });
    await admin.put(`/api/admin/products/${withVariants.id}/variants`, {
      options: [{ name: 'Colour', values: ['red'] }],
      variants: [{ options: { Colour: 'red' }, price: '10', stock: 1 }],
    });
    for (const parts of [
      [{ productId: other.id, quantity: 1 }],
      [{ productId: kit.id, quantity: 1 }],
      [{ productId: 2_000_000_000, quantity: 1 }],
      [{ productId: withVariants.id, quantity: 1 }],
      [{ productId: motor.id, quantity: 0 }],
    ]) {
      const res = await admin.put(`/api/admin/products/${other.id}/parts`, { parts });
      expect(res.statusCode, JSON.stringify(parts)).toBe(400);
    }
    expect(
      (
        await admin.put(`/api/admin/products/${motor.id}/variants`, {
          options: battery,
          variants: [
            { options: { Battery: 'included' }, price: '1', stock: 1 },
            { options: { Battery: 'not included' }, price: '1', stock: 1 },
          ],
        })
      ).statusCode,
    ).toBe(409);
  });

  it('20 shoppers buying the kit and the loose motor at once never take the motor below 0, and every paid order has its units', async () => {
    const { motor, board, kit } = await makeKit(5, 10);
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const s = await shopper();
        const wantsKit = i % 2 === 0;
        const added = await s.api.post('/api/cart', { productId: wantsKit ? kit.id : motor.id, quantity: 1 });
        if (added.statusCode !== 200) throw new Error(added.body);
        return { ...s, wantsKit };
      }),
    );
    const answers = await Promise.all(
      shoppers.map(async (s) => {
        const res = await fetch(`${address}/api/createBulkOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: s.cookie, origin: ORIGIN },
          body: JSON.stringify({ items: [{ productId: s.wantsKit ? kit.id : motor.id, quantity: 1 }] }),
        });
        return { status: res.status, body: (await res.json()) as { id?: string; code?: string }, s };
      }),
    );
    const sold = answers.filter((a) => a.status === 200);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === 'insufficient_stock')).toBe(true);
    const motorsSold = sold.reduce((n, a) => n + (a.s.wantsKit ? 2 : 1), 0);
    const left = await stockOf(shop, motor.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(5 - motorsSold);
    // No shopper was refused while the units they wanted were still there.
    expect(answers.filter((a) => a.status !== 200).every((a) => left! < (a.s.wantsKit ? 2 : 1))).toBe(true);
    await Promise.all(sold.map(async (a) => as(shop, a.s.cookie).post('/api/processOrder', await payInSimulation(shop, a.s.cookie, a.body.id!))));
    const paid = await shop.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .leftJoin('order_line_parts', 'order_line_parts.order_line_id', 'order_lines.id')
      .select(['orders.id', 'order_lines.product_id', 'order_lines.quantity', 'order_line_parts.product_id as part', 'order_line_parts.quantity as per_kit'])
      .where('orders.status', '=', 'placed')
      .where('order_lines.product_id', 'in', [kit.id, motor.id])
      .execute();
    expect(new Set(paid.map((r) => r.id)).size).toBe(sold.length);
    const motorUnits = paid.reduce((n, r) => n + (r.product_id === motor.id ? r.quantity : r.part === motor.id ? r.quantity * r.per_kit! : 0), 0);
    expect(motorUnits).toBe(motorsSold);
    expect(await stockOf(shop, motor.id)).toBe(left);
    expect(await stockOf(shop, board.id)).toBe(10 - sold.filter((a) => a.s.wantsKit).length);
  });
});
