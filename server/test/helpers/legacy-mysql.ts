import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import sharp from 'sharp';

/**
 * A database of the original shop (SPEC.md's Express + MySQL backend) on the
 * MariaDB server of this machine kind, with its table definitions and a few
 * hundred rows of realistic data, awkward ones included. With REQUIRE_MARIADB=1
 * (set by CI) an unreachable server fails the run instead of being skipped.
 */
const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';

async function mariadbReachable(): Promise<boolean> {
  try {
    const conn = await mysql.createConnection({ uri: MARIADB_URL, connectTimeout: 2000 });
    await conn.end();
    return true;
  } catch {
    return false;
  }
}

export const mariadbUp = await mariadbReachable();
if (!mariadbUp && process.env.REQUIRE_MARIADB === '1') {
  throw new Error(`REQUIRE_MARIADB=1 but MariaDB is not reachable at ${MARIADB_URL}`);
}

/** The original backend's tables, as its initDatabase() and its admin created them. */
const TABLES = [
  `CREATE TABLE Category (id INT AUTO_INCREMENT PRIMARY KEY, type VARCHAR(255))`,
  `CREATE TABLE products (
     id INT AUTO_INCREMENT PRIMARY KEY, title VARCHAR(255) NOT NULL, price DECIMAL(10, 2) NOT NULL,
     description TEXT, quantity INT DEFAULT 0, category VARCHAR(50))`,
  `CREATE TABLE coupons (
     id INT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(50) UNIQUE NOT NULL, discount DECIMAL(10, 2), discount_percent DECIMAL(5, 2),
     product_id INT, min_purchase DECIMAL(10, 2) DEFAULT 2000, FOREIGN KEY (product_id) REFERENCES products(id))`,
  `CREATE TABLE Advert_images (id INT AUTO_INCREMENT PRIMARY KEY, image_data LONGBLOB)`,
  `CREATE TABLE product_images (
     id INT AUTO_INCREMENT PRIMARY KEY, product_id INT, image_data LONGBLOB, FOREIGN KEY (product_id) REFERENCES products(id))`,
  `CREATE TABLE orders (
     id INT AUTO_INCREMENT PRIMARY KEY, order_id VARCHAR(255) NOT NULL, user VARCHAR(255), total_amount DECIMAL(10, 2),
     razorpay_order_id VARCHAR(255), razorpay_payment_id VARCHAR(255), address VARCHAR(255), phone VARCHAR(255),
     status VARCHAR(100) DEFAULT 'Processing', created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, applied_discount DECIMAL(10, 2))`,
  `CREATE TABLE order_items (
     id INT AUTO_INCREMENT PRIMARY KEY, order_id VARCHAR(255), product_id INT, quantity INT, price DECIMAL(10, 2),
     FOREIGN KEY (product_id) REFERENCES products(id))`,
];

export interface LegacyFixture {
  url: string;
  conn: mysql.Connection;
  /** what the test data holds, to compare the import with */
  expected: {
    categories: number;
    /** distinct category names (case and spaces aside) */
    distinctCategories: number;
    goodProducts: number[];
    badProducts: number[];
    productWithoutImages: number;
    pricedWithPaise: { id: number; paise: number };
    bigImageProduct: number;
    goodImages: number;
    unreadableImage: number;
    orphanImage: number;
    adverts: number;
    longProduct: { id: number; title: string; description: string };
    goodCoupons: string[];
    badCoupons: string[];
    goodOrders: string[];
    badOrders: string[];
  };
  drop(): Promise<void>;
}

const tiny = (hue: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width: 48, height: 36, channels: 3, background: { r: (hue * 37) % 256, g: (hue * 91) % 256, b: (hue * 13) % 256 } } })
    .toFormat(format)
    .toBuffer();

/** A photo-sized JPEG of noise, about 5 MB (the original stored whatever admins uploaded). */
async function bigImage(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const LONG_TITLE = `Advanced Robotics Learning Kit ${'with sensors, motors and a controller '.repeat(6)}`.slice(0, 255);
const LONG_DESCRIPTION = 'Build, program and race a robot. '.repeat(1875).trim();

const CATEGORY_NAMES = ['Robotics Kits', 'Drone Kits', 'Components', 'Workshops', 'Sensors', 'drone kits ', 'Mechatronics'];

export async function createLegacyDatabase(): Promise<LegacyFixture> {
  const name = `legacy_${randomBytes(5).toString('hex')}`;
  const root = await mysql.createConnection({ uri: MARIADB_URL });
  await root.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  await root.end();
  const url = `${MARIADB_URL}/${name}`;
  const conn = await mysql.createConnection({ uri: url, multipleStatements: false });
  for (const t of TABLES) await conn.query(t);

  for (const c of CATEGORY_NAMES) await conn.query('INSERT INTO Category (type) VALUES (?)', [c]);

  const expected: LegacyFixture['expected'] = {
    categories: CATEGORY_NAMES.length,
    distinctCategories: new Set(CATEGORY_NAMES.map((c) => c.trim().toLowerCase())).size,
    goodProducts: [],
    badProducts: [],
    productWithoutImages: 0,
    pricedWithPaise: { id: 0, paise: 0 },
    bigImageProduct: 0,
    goodImages: 0,
    unreadableImage: 0,
    orphanImage: 0,
    adverts: 0,
    longProduct: { id: 0, title: '', description: '' },
    goodCoupons: [],
    badCoupons: [],
    goodOrders: [],
    badOrders: [],
  };

  // 120 products over the categories, with one or two small images each.
  const kinds = ['Line Follower Robot', 'Quadcopter Frame', 'Servo Motor', 'Arduino Workshop', 'Ultrasonic Sensor', 'Robotic Arm'];
  for (let i = 1; i <= 120; i++) {
    const title = `${kinds[i % kinds.length]} ${i}`;
    const price = `${(499 + i * 10).toFixed(0)}.00`;
    const [res] = await conn.query<mysql.ResultSetHeader>('INSERT INTO products (title, price, description, quantity, category) VALUES (?, ?, ?, ?, ?)', [
      title,
      price,
      `A ${title.toLowerCase()} for schools and makers.`,
      i % 3 === 0 ? -2 : 0,
      CATEGORY_NAMES[i % 5]!,
    ]);
    expected.goodProducts.push(res.insertId);
    for (let k = 0; k < 1 + (i % 2); k++) {
      await conn.query('INSERT INTO product_images (product_id, image_data) VALUES (?, ?)', [res.insertId, await tiny(i * 2 + k, k ? 'png' : 'jpeg')]);
      expected.goodImages++;
    }
  }

  // Awkward products.
  const insertProduct = async (title: string, price: string, category: string | null) =>
    (await conn.query<mysql.ResultSetHeader>('INSERT INTO products (title, price, description, category) VALUES (?, ?, NULL, ?)', [title, price, category]))[0]
      .insertId;
  expected.pricedWithPaise = { id: await insertProduct('Drone Propeller Set', '1499.50', 'drone kits'), paise: 149_950 };
  expected.goodProducts.push(expected.pricedWithPaise.id);
  await conn.query('INSERT INTO product_images (product_id, image_data) VALUES (?, ?)', [expected.pricedWithPaise.id, await tiny(7, 'png')]);
  expected.goodImages++;
  expected.productWithoutImages = await insertProduct('Soldering Workshop Seat', '250.00', 'Workshops');
  expected.goodProducts.push(expected.productWithoutImages);
  expected.bigImageProduct = await insertProduct('Hexacopter Pro Kit', '45999.00', 'Drone Kits');
  expected.goodProducts.push(expected.bigImageProduct);
  await conn.query('INSERT INTO product_images (product_id, image_data) VALUES (?, ?)', [expected.bigImageProduct, await bigImage()]);
  expected.goodImages++;
  const unreadable = await insertProduct('Servo Tester', '349.00', 'Components');
  expected.goodProducts.push(unreadable);
  expected.unreadableImage = (
    await conn.query<mysql.ResultSetHeader>('INSERT INTO product_images (product_id, image_data) VALUES (?, ?)', [
      unreadable,
      Buffer.from('this is not a picture'),
    ])
  )[0].insertId;
  const uncategorised = await insertProduct('Mystery Parts Box', '99.00', 'Spare Parts');
  expected.goodProducts.push(uncategorised);
  // As long as the original's columns allowed: a 255-character title, a 60,000-character TEXT description.
  expected.longProduct = {
    id: (
      await conn.query<mysql.ResultSetHeader>('INSERT INTO products (title, price, description, category) VALUES (?, ?, ?, ?)', [
        LONG_TITLE,
        '1999.00',
        LONG_DESCRIPTION,
        'Robotics Kits',
      ])
    )[0].insertId,
    title: LONG_TITLE,
    description: LONG_DESCRIPTION,
  };
  expected.goodProducts.push(expected.longProduct.id);
  expected.badProducts.push(await insertProduct('   ', '100.00', 'Components'));
  expected.badProducts.push(await insertProduct('Refund Adjustment', '-5.00', 'Components'));

  // An image whose product the original deleted without its images.
  await conn.query('SET FOREIGN_KEY_CHECKS = 0');
  expected.orphanImage = (
    await conn.query<mysql.ResultSetHeader>('INSERT INTO product_images (product_id, image_data) VALUES (?, ?)', [999_999, await tiny(3, 'png')])
  )[0].insertId;

  for (let i = 0; i < 3; i++) await conn.query('INSERT INTO Advert_images (image_data) VALUES (?)', [await tiny(100 + i, 'jpeg')]);
  expected.adverts = 3;

  // Coupons: fixed, percent, for one product, and the awkward ones.
  const coupon = (code: string, discount: string | null, percent: string | null, productId: number | null, min: string | null) =>
    conn.query('INSERT INTO coupons (code, discount, discount_percent, product_id, min_purchase) VALUES (?, ?, ?, ?, ?)', [
      code,
      discount,
      percent,
      productId,
      min,
    ]);
  await coupon('WELCOME100', '100.00', null, null, '999.00');
  await coupon('SCHOOL10', null, '10.00', null, '2000.00');
  await coupon('DRONE500', '500.00', '0.00', expected.bigImageProduct, '2000.00');
  await coupon('FLAT50', '50.50', null, null, null);
  expected.goodCoupons.push('WELCOME100', 'SCHOOL10', 'DRONE500', 'FLAT50');
  // Awkward ones the original held: both discounts (it took the larger), 12.5 %, a code with a space, Devanagari, over 100 %.
  await coupon('BOTH', '100.00', '15.00', null, '2000.00');
  await coupon('HALFPC', null, '12.50', null, '2000.00');
  await coupon('DIWALI SALE', '200.00', null, null, '1000.00');
  await coupon('दिवाली', null, '5.00', null, null);
  await coupon('OVER150', null, '150.00', null, '5000.00');
  await coupon('SAVE  10!', '10.00', null, null, null);
  expected.goodCoupons.push('BOTH', 'HALFPC', 'DIWALI SALE', 'दिवाली', 'OVER150', 'SAVE 10');
  await coupon('GHOST20', '20.00', null, 424_242, '2000.00');
  expected.badCoupons.push('GHOST20');
  await conn.query('SET FOREIGN_KEY_CHECKS = 1');

  // Orders as the original wrote them: a row per cart line, then the order, under one order_id.
  const statuses = ['Processing', 'dispatched', 'delivered', 'Canceled', 'Processing'];
  for (let n = 1; n <= 60; n++) {
    const code = `ORD17000000${String(n).padStart(5, '0')}`;
    const email = `customer${n % 25}@example.com`;
    const a = expected.goodProducts[n % 100]!;
    const b = expected.goodProducts[(n * 7) % 100]!;
    const [[pa], [pb]] = [
      (await conn.query<mysql.RowDataPacket[]>('SELECT price FROM products WHERE id = ?', [a]))[0],
      (await conn.query<mysql.RowDataPacket[]>('SELECT price FROM products WHERE id = ?', [b]))[0],
    ];
    const lines = [
      { id: a, qty: 1 + (n % 3), price: String(pa!.price) },
      { id: b, qty: 1, price: String(pb!.price) },
    ];
    const subtotal = lines.reduce((s, l) => s + Math.round(Number(l.price) * 100) * l.qty, 0);
    const discount = n % 4 === 0 ? 10_000 : 0;
    const total = ((subtotal - discount) / 100).toFixed(2);
    const created = new Date(Date.UTC(2025, 0, 1 + n, 10, 30)).toISOString().slice(0, 19).replace('T', ' ');
    for (const l of lines) {
      await conn.query('INSERT INTO order_items (order_id, product_id, quantity, price) VALUES (?, ?, ?, ?)', [code, l.id, l.qty, l.price]);
      await conn.query(
        'INSERT INTO orders (order_id, user, total_amount, razorpay_order_id, razorpay_payment_id, address, phone, applied_discount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [code, email, '0.00', `order_L${n}`, `pay_L${n}`, '12 MG Road, Pune', '9876543210', discount / 100, created],
      );
    }
    await conn.query(
      'INSERT INTO orders (order_id, user, total_amount, razorpay_order_id, razorpay_payment_id, address, phone, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [code, email, total, `order_L${n}`, `pay_L${n}`, '12 MG Road, Pune', '9876543210', statuses[n % statuses.length], created],
    );
    expected.goodOrders.push(code);
  }
  // The original's processOrder as it last was: a row in orders per cart line with the running total, then the
  // order itself, and nothing in order_items.
  for (const total of ['2499.00', '3748.50', '3748.50']) {
    await conn.query(
      'INSERT INTO orders (order_id, user, total_amount, razorpay_order_id, razorpay_payment_id, address, phone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ['ORD1731000000000', 'Paid.Customer@example.com', total, 'order_NOITEMS', 'pay_NOITEMS', '4 Park Street, Kolkata', '9830098300', '2025-03-01 09:00:00'],
    );
  }
  expected.goodOrders.push('ORD1731000000000');
  await conn.query("INSERT INTO orders (order_id, user, total_amount, status) VALUES ('ORDNOITEMS', 'someone@example.com', '100.00', 'Processing')");
  expected.goodOrders.push('ORDNOITEMS');
  await conn.query("INSERT INTO orders (order_id, user, total_amount, status) VALUES ('ORDNOEMAIL', NULL, '100.00', 'Processing')");
  await conn.query("INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ('ORDNOEMAIL', ?, 1, '100.00')", [expected.goodProducts[0]]);
  expected.badOrders.push('ORDNOEMAIL');

  return {
    url,
    conn,
    expected,
    async drop() {
      await conn.query(`DROP DATABASE ${name}`);
      await conn.end();
    },
  };
}
