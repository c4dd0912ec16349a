import mysql from 'mysql2/promise';

/**
 * Reads the original shop's MySQL database (the Express + MySQL backend SPEC.md
 * was written from). Its tables: Category(id, type), products(id, title, price,
 * description, quantity, category), product_images(id, product_id, image_data),
 * Advert_images(id, image_data), coupons(id, code, discount, discount_percent,
 * product_id, min_purchase), orders(id, order_id, user, total_amount,
 * razorpay_order_id, razorpay_payment_id, address, phone, status, created_at) and
 * order_items(id, order_id, product_id, quantity, price). Any of them may be
 * missing; names are matched whatever their case (MySQL on Linux keeps it).
 * Image blobs are read one at a time; their digests are computed by the server.
 */
export interface LegacyCategory {
  id: number;
  type: string | null;
}

export interface LegacyProduct {
  id: number;
  title: string | null;
  /** DECIMAL(10,2) as the exact decimal text ("1499.50"), or null */
  price: string | null;
  description: string | null;
  category: string | null;
  /** digests of its images in id order */
  images: { id: number; sha: string | null }[];
}

export interface LegacyImageRef {
  id: number;
  sha: string | null;
}

export interface LegacyCoupon {
  id: number;
  code: string | null;
  discount: string | null;
  discount_percent: string | null;
  product_id: number | null;
  min_purchase: string | null;
}

export interface LegacyOrder {
  /** the id of the row kept (the last row written for this order id) */
  id: number;
  /** how many rows of `orders` carry this order id (the original wrote one per cart line, then the order) */
  rowCount: number;
  order_id: string;
  user: string | null;
  total_amount: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  address: string | null;
  phone: string | null;
  status: string | null;
  created_at: Date | string | null;
  items: { product_id: number | null; quantity: number | null; price: string | null }[];
}

export type LegacyTable = 'Category' | 'products' | 'product_images' | 'Advert_images' | 'coupons' | 'orders' | 'order_items';

const TABLES: LegacyTable[] = ['Category', 'products', 'product_images', 'Advert_images', 'coupons', 'orders', 'order_items'];

export class LegacySource {
  private constructor(
    private readonly conn: mysql.Connection,
    /** our name of each table present, to its real name */
    private readonly names: Map<LegacyTable, string>,
  ) {}

  static async open(url: string): Promise<LegacySource> {
    const conn = await mysql.createConnection({
      uri: url,
      // DECIMAL columns stay exact text; dates come as Date objects in UTC.
      decimalNumbers: false,
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SHOW TABLES');
    const present = new Map(rows.map((r) => [String(Object.values(r)[0]).toLowerCase(), String(Object.values(r)[0])]));
    const names = new Map<LegacyTable, string>();
    for (const t of TABLES) {
      const real = present.get(t.toLowerCase());
      if (real) names.set(t, real);
    }
    return new LegacySource(conn, names);
  }

  has(table: LegacyTable): boolean {
    return this.names.has(table);
  }

  private table(t: LegacyTable): string {
    return mysql.escapeId(this.names.get(t)!);
  }

  private async rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
    const [rows] = await this.conn.query<mysql.RowDataPacket[]>(query, params);
    return rows as T[];
  }

  async categories(): Promise<LegacyCategory[]> {
    if (!this.has('Category')) return [];
    return this.rows<LegacyCategory>(`SELECT id, type FROM ${this.table('Category')} ORDER BY id`);
  }

  async products(): Promise<LegacyProduct[]> {
    if (!this.has('products')) return [];
    const products = await this.rows<Omit<LegacyProduct, 'images'>>(
      `SELECT id, title, CAST(price AS CHAR) AS price, description, category FROM ${this.table('products')} ORDER BY id`,
    );
    const images = this.has('product_images')
      ? await this.rows<{ id: number; product_id: number | null; sha: string | null }>(
          `SELECT id, product_id, SHA2(image_data, 256) AS sha FROM ${this.table('product_images')} ORDER BY id`,
        )
      : [];
    const byProduct = new Map<number, LegacyImageRef[]>();
    for (const img of images) {
      if (img.product_id === null) continue;
      const list = byProduct.get(Number(img.product_id)) ?? [];
      list.push({ id: Number(img.id), sha: img.sha });
      byProduct.set(Number(img.product_id), list);
    }
    return products.map((p) => ({ ...p, id: Number(p.id), images: byProduct.get(Number(p.id)) ?? [] }));
  }

  /** Images whose product does not exist (the original never removed them all). */
  async orphanImages(): Promise<LegacyImageRef[]> {
    if (!this.has('product_images')) return [];
    if (!this.has('products')) return this.rows<LegacyImageRef>(`SELECT id, NULL AS sha FROM ${this.table('product_images')} ORDER BY id`);
    return this.rows<LegacyImageRef>(
      `SELECT i.id, NULL AS sha FROM ${this.table('product_images')} i LEFT JOIN ${this.table('products')} p ON p.id = i.product_id WHERE p.id IS NULL ORDER BY i.id`,
    );
  }

  async productImage(id: number): Promise<Buffer | null> {
    const [row] = await this.rows<{ image_data: Buffer | null }>(`SELECT image_data FROM ${this.table('product_images')} WHERE id = ?`, [id]);
    return row?.image_data ?? null;
  }

  async adverts(): Promise<LegacyImageRef[]> {
    if (!this.has('Advert_images')) return [];
    const rows = await this.rows<LegacyImageRef>(`SELECT id, SHA2(image_data, 256) AS sha FROM ${this.table('Advert_images')} ORDER BY id`);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async advertImage(id: number): Promise<Buffer | null> {
    const [row] = await this.rows<{ image_data: Buffer | null }>(`SELECT image_data FROM ${this.table('Advert_images')} WHERE id = ?`, [id]);
    return row?.image_data ?? null;
  }

  async coupons(): Promise<LegacyCoupon[]> {
    if (!this.has('coupons')) return [];
    const rows = await this.rows<LegacyCoupon>(
      `SELECT id, code, CAST(discount AS CHAR) AS discount, CAST(discount_percent AS CHAR) AS discount_percent, product_id,
              CAST(min_purchase AS CHAR) AS min_purchase
         FROM ${this.table('coupons')} ORDER BY id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), product_id: r.product_id === null ? null : Number(r.product_id) }));
  }

  /**
   * Orders with their items. The original wrote one row per cart line and then
   * the order itself under the same order_id; the last row written is the order.
   */
  async orders(): Promise<LegacyOrder[]> {
    if (!this.has('orders')) return [];
    const rows = await this.rows<Omit<LegacyOrder, 'items' | 'rowCount'>>(
      `SELECT id, order_id, user, CAST(total_amount AS CHAR) AS total_amount, razorpay_order_id, razorpay_payment_id, address, phone,
              status, created_at
         FROM ${this.table('orders')} WHERE order_id IS NOT NULL ORDER BY id`,
    );
    const items = this.has('order_items')
      ? await this.rows<{ order_id: string; product_id: number | null; quantity: number | null; price: string | null }>(
          `SELECT order_id, product_id, quantity, CAST(price AS CHAR) AS price FROM ${this.table('order_items')} ORDER BY id`,
        )
      : [];
    const itemsOf = new Map<string, LegacyOrder['items']>();
    for (const it of items) {
      const list = itemsOf.get(it.order_id) ?? [];
      list.push({
        product_id: it.product_id === null ? null : Number(it.product_id),
        quantity: it.quantity === null ? null : Number(it.quantity),
        price: it.price,
      });
      itemsOf.set(it.order_id, list);
    }
    const last = new Map<string, Omit<LegacyOrder, 'items'>>();
    for (const r of rows) last.set(r.order_id, { ...r, id: Number(r.id), rowCount: (last.get(r.order_id)?.rowCount ?? 0) + 1 });
    return [...last.values()].sort((a, b) => a.id - b.id).map((o) => ({ ...o, items: itemsOf.get(o.order_id) ?? [] }));
  }

  async close(): Promise<void> {
    await this.conn.end();
  }
}
