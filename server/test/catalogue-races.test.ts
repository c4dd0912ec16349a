import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers/admin';
import { startAdminShop, type Factories } from './helpers/admin-shop';
import { DB_KINDS } from './helpers/databases';
import { no5xx, racingServers, type Answer } from './helpers/racing';
import type { TestShop } from './helpers/test-app';

/**
 * Admin saves whose rules span products, raced over HTTP on two app servers on one PostgreSQL
 * database (decision 119): a kit is no part of a kit, a part used whole has no variants, a kit has no
 * variants, and a product is not deleted while a coupon is made for it alone. Each save reads what
 * its rule needs after locking the products it touches, so the second of two saves waits for the
 * first and checks what it wrote; read before, both passed. Several pairs each round, several rounds.
 */
const ROUNDS = 3;
const PAIRS = 6;

type Racing = Awaited<ReturnType<typeof racingServers>>;

describe.each(DB_KINDS)('admins racing on the catalogue on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number;
  let send: Racing['send'], allAtOnce: Racing['allAtOnce'];
  let token: string;

  beforeAll(async () => {
    ({ shop, f, categoryId } = await startAdminShop(kind, 'Raced catalogue', { RATE_LIMIT_PER_MINUTE: '1000000' }));
    ({ send, allAtOnce } = await racingServers(shop, kind));
    token = await adminToken(shop);
  });
  afterAll(() => shop.close());

  const asAdmin = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => send(method, path, body, { authorization: `Bearer ${token}` });
  const saveParts =
    (kitId: number, ...parts: number[]) =>
    () =>
      asAdmin('PUT', `/api/admin/products/${kitId}/parts`, { parts: parts.map((productId) => ({ productId, quantity: 1 })) });
  const colours =
    (productId: number, sku = '') =>
    () =>
      asAdmin('PUT', `/api/admin/products/${productId}/variants`, {
        options: [{ name: 'Colour', values: ['red', 'blue'] }],
        variants: ['red', 'blue'].map((c) => ({ options: { Colour: c }, price: '10', stock: 3, ...(sku ? { sku: `${sku}-${c}` } : {}) })),
      });
  /** `n` products, made one after the other (the factory indexes each outside the catalogue's lock). */
  async function products(name: string, n: number) {
    const made = [];
    for (let i = 0; i < n; i++) made.push(await f.product({ title: `${name} ${i}`, categoryId, stock: 10 }));
    return made;
  }
  /** The code of a refusal, `ok` for a success. */
  const outcome = (a: Answer) => (a.status === 200 ? 'ok' : `${a.status} ${a.body.code}`);

  /** Rows breaking a kit's rules: a kit among parts, a part used whole that has variants, a kit with variants. */
  async function brokenKits(): Promise<unknown[]> {
    const kitInKit =
      await sql`select k.kit_id, k.part_product_id from kit_parts k where exists (select 1 from kit_parts o where o.kit_id = k.part_product_id)`.execute(
        shop.db,
      );
    const wholeWithVariants = await sql`
      select k.kit_id, k.part_product_id from kit_parts k
      where k.part_variant_id is null and exists (select 1 from product_variants v where v.product_id = k.part_product_id)`.execute(shop.db);
    const kitWithVariants = await sql`select distinct k.kit_id from kit_parts k join product_variants v on v.product_id = k.kit_id`.execute(shop.db);
    return [...kitInKit.rows, ...wholeWithVariants.rows, ...kitWithVariants.rows];
  }

  it('keeps a kit out of other kits, and variants off kits and off parts used whole, when two saves of different products meet', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = (name: string) => products(`${name} ${round}`, PAIRS);
      const [a, b, c, d] = [await group('Kit A'), await group('Kit B'), await group('Kit C'), await group('Part D')];
      const [e, g, h] = [await group('Kit E'), await group('Part G'), await group('Kit H')];
      const part = await f.product({ title: `Loose part ${round}`, categoryId, stock: 10 });
      // Per pair at once: A made of B and B of A; C made of D and D of the loose part; E made of G
      // whole and G given colours; H made of the loose part and H given colours.
      const pairs = Array.from({ length: PAIRS }, (_, i) => [
        [saveParts(a[i]!.id, b[i]!.id), saveParts(b[i]!.id, a[i]!.id)],
        [saveParts(c[i]!.id, d[i]!.id), saveParts(d[i]!.id, part.id)],
        [saveParts(e[i]!.id, g[i]!.id), colours(g[i]!.id)],
        [saveParts(h[i]!.id, part.id), colours(h[i]!.id)],
      ]).flat();
      const answers = await allAtOnce(pairs.flat(), (request) => request(), round);
      no5xx(answers);
      const outcomes = answers.map(outcome);
      const refusals = ['409 kit_in_kit', '400 invalid_part', '409 part_in_kit', '409 kit_has_no_variants'];
      expect(outcomes.filter((o) => o !== 'ok' && !refusals.includes(o))).toEqual([]);
      // Of each pair exactly one save stands: the other waited for it and was refused in the shop's words.
      for (let p = 0; p < pairs.length; p++) expect(outcomes.slice(2 * p, 2 * p + 2).filter((o) => o === 'ok')).toHaveLength(1);
      expect(await brokenKits()).toEqual([]);
    }
  });

  it('gives an SKU to one product when two products are saved with it at the same moment: the other is refused as taken', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = [await products(`SKU first ${round}`, PAIRS), await products(`SKU second ${round}`, PAIRS)];
      const pairs = first.map((p, i) => [colours(p.id, `SKU-${kind}-${round}-${i}`), colours(second[i]!.id, `SKU-${kind}-${round}-${i}`)]);
      const answers = await allAtOnce(pairs.flat(), (request) => request(), round);
      no5xx(answers);
      const outcomes = answers.map(outcome);
      for (let p = 0; p < pairs.length; p++) expect(outcomes.slice(2 * p, 2 * p + 2).sort()).toEqual(['409 sku_taken', 'ok']);
    }
  });

  it('refuses to delete a product while a coupon made for it alone is saved, or the coupon: never a coupon left for every product', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const targets = await products(`Couponed ${round}`, PAIRS * 2);
      const codes = targets.map((_, i) => `ONLY-${kind}-${round}-${i}`);
      const requests = targets.flatMap((p, i) => [
        () => asAdmin('DELETE', `/api/products/${p.id}`),
        () => asAdmin('POST', '/api/coupons', { code: codes[i], discount: 50, product_id: p.id }),
      ]);
      const answers = await allAtOnce(requests, (request) => request(), round);
      no5xx(answers);
      const outcomes = answers.map(outcome);
      const refusals = ['409 product_has_coupons', '400 unknown_product', '409 changed_meanwhile'];
      expect(outcomes.filter((o) => o !== 'ok' && !refusals.includes(o))).toEqual([]);
      for (let p = 0; p < targets.length; p++) expect(outcomes.slice(2 * p, 2 * p + 2).filter((o) => o === 'ok')).toHaveLength(1);
      const saved = await shop.db.selectFrom('coupons').select(['code', 'product_id']).where('code', 'in', codes).execute();
      expect(saved.filter((c) => c.product_id === null)).toEqual([]);
    }
  });
});
