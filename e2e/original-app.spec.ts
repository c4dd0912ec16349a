import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logInAsAdmin, openSection, toast } from './support/admin';
import { paidOrder } from './support/orders';
import { OTHER_ORIGIN_PORT, servePage } from './support/other-origin';

/**
 * A small page of our own making the original web app's calls with the headers it sends
 * (My Orders: `email`; the cart's processOrder: the token and `content`; the admin's order list
 * and status change: the raw token), from another origin, with no request interception: the
 * browser's own CORS preflights decide. Each call answers its status and body, or the error
 * fetch threw (a refused preflight is "Failed to fetch").
 */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another web app</title></head>
<body><h1>Another web app</h1><script>
const api = new URLSearchParams(location.search).get('api');
async function call(path, init) {
  try {
    const res = await fetch(api + path, init);
    return { status: res.status, body: await res.json(), total: res.headers.get('X-Total-Count') };
  } catch (e) {
    return { error: String(e) };
  }
}
const json = { 'Content-Type': 'application/json' };
window.original = {
  myOrders: (email) => call('api/UserOrders', { headers: { ...json, email } }),
  processOrder: (token, email) =>
    call('api/processOrder', { method: 'POST', headers: { ...json, Authorization: token, content: email, email },
      body: JSON.stringify({ razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'x', email }) }),
  adminLogin: (username, password) => call('api/adminlogin', { method: 'POST', headers: json, body: JSON.stringify({ username, password }) }),
  orders: (token) => call('api/ordersAdmin', { headers: { Authorization: token, ...json } }),
  setStatus: (token, orderId, status) =>
    call('api/UserOrders/' + orderId, { method: 'PATCH', headers: { ...json, Authorization: token }, body: JSON.stringify({ status }) }),
};
</script></body></html>`;

type Answer = { status?: number; body?: unknown; total?: string | null; error?: string };
type Calls = Record<'myOrders' | 'processOrder' | 'adminLogin' | 'orders' | 'setStatus', (...args: string[]) => Promise<Answer>>;

function original(page: Page, name: keyof Calls, ...args: string[]): Promise<Answer> {
  return page.evaluate(([n, a]) => (window as unknown as { original: Calls }).original[n as keyof Calls](...(a as string[])), [name, args] as const);
}

test('the original web app on a listed origin gets its calls through; its dashboard dispatches with the status alone and our admin adds the tracking', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { shopper, orderId } = await paidOrder(request, 'originalbuyer');
  const listed = await servePage(PAGE, OTHER_ORIGIN_PORT);
  const unlisted = await servePage(PAGE, 0);
  try {
    const api = encodeURIComponent(`${baseURL}/`);
    // An origin missing from CORS_ORIGINS: the browser refuses the preflight (so this test can fail).
    await page.goto(`${unlisted.origin}/?api=${api}`);
    expect((await original(page, 'myOrders', shopper.email)).error).toMatch(/Failed to fetch/);

    await page.goto(`${listed.origin}/?api=${api}`);
    // The preflights with `email` (and `content`) pass; the header grants nothing: no session, 401.
    expect(await original(page, 'myOrders', shopper.email)).toMatchObject({ status: 401 });
    expect(await original(page, 'processOrder', 'a-firebase-token', shopper.email)).toMatchObject({ status: 401 });

    const login = await original(page, 'adminLogin', ADMIN.username, ADMIN.password);
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const statusOf = async () => {
      const list = await original(page, 'orders', token);
      expect(Number(list.total)).toBeGreaterThan(0);
      return (list.body as { orderId: string; status: string }[]).find((o) => o.orderId === orderId)?.status;
    };
    expect(await statusOf()).toBe('placed');
    expect(await original(page, 'setStatus', token, orderId, 'dispatched')).toMatchObject({
      status: 200,
      body: { message: 'Order status updated successfully!' },
    });
    await page.reload();
    expect(await statusOf()).toBe('dispatched');
  } finally {
    await Promise.all([listed.close(), unlisted.close()]);
  }

  // Our dashboard shows it dispatched without tracking, and takes the courier and tracking number.
  await logInAsAdmin(page);
  await openSection(page, 'Orders');
  await page.getByLabel('Search by order id or email').fill(shopper.email);
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Status: dispatched')).toBeVisible();
  await expect(order.getByText('No tracking yet')).toBeVisible();
  await order.getByRole('button', { name: 'Add tracking' }).click();
  const dialog = page.getByRole('dialog', { name: `Tracking for order ${orderId}` });
  await dialog.getByLabel('Courier').fill('DTDC');
  await dialog.getByLabel('Tracking number').fill('D1234567');
  await dialog.getByRole('button', { name: 'Save tracking' }).click();
  await expect(toast(page, 'Tracking details saved')).toBeVisible();
  await expect(order.getByText('DTDC, D1234567')).toBeVisible();
  await expect(order.getByRole('button', { name: 'Change tracking' })).toBeVisible();
});
