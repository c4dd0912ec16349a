/**
 * The shop's e-mails: each as a subject, a plain-text body and an HTML body.
 * Everything that comes from a person (names, addresses) is escaped in HTML.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(shopName: string, heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, open this address: <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="font-size:13px;color:#64748b;margin-top:24px">${escapeHtml(shopName)}</p>
</div></body></html>`;
}

function text(shopName: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', `-- ${shopName}`].join('\n\n');
}

function mail(shopName: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  return { subject, text: text(shopName, paragraphs, action), html: layout(shopName, subject, paragraphs, action) };
}

export function verificationMail(shopName: string, name: string, url: string): MailContent {
  return mail(
    shopName,
    `Verify your email for ${shopName}`,
    [`Hello ${name},`, `Please confirm this email address to finish creating your ${shopName} account. The link works for 24 hours.`],
    { label: 'Verify my email', url },
  );
}

export function emailChangeMail(shopName: string, name: string, newEmail: string, url: string): MailContent {
  return mail(
    shopName,
    `Confirm your new email for ${shopName}`,
    [
      `Hello ${name},`,
      `You asked to use ${newEmail} for your ${shopName} account. Your email changes once you confirm it; until then you keep signing in with the old one. The link works for 24 hours.`,
      'If you did not ask for this, ignore this message.',
    ],
    { label: 'Confirm my new email', url },
  );
}

export function passwordResetMail(shopName: string, name: string, url: string): MailContent {
  return mail(
    shopName,
    `Reset your ${shopName} password`,
    [
      `Hello ${name},`,
      'Someone (we hope you) asked to reset the password of your account. The link works for 1 hour.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

export interface OrderForMail {
  orderCode: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  lines: { title: string; quantity: number; unit: string; total: string }[];
  subtotal: string;
  discount: string;
  /** the shipping charged, ₹0.00 when free */
  shipping: string;
  couponCode: string | null;
  total: string;
  paymentId: string;
  /** cash on delivery: the COD fee (part of the total) and the amount to pay on delivery */
  codFee?: string;
  payOnDelivery?: string;
}

function orderTableHtml(o: OrderForMail): string {
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(l.title)}</td><td style="padding:4px 8px;text-align:right">${l.quantity}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(l.unit)}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(l.total)}</td></tr>`,
    )
    .join('');
  const discount = o.couponCode
    ? `<tr><td colspan="3" style="padding:4px 8px">Coupon ${escapeHtml(o.couponCode)}</td><td style="padding:4px 8px;text-align:right">-${escapeHtml(o.discount)}</td></tr>`
    : '';
  return `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr><th style="text-align:left;padding:4px 8px">Item</th><th style="padding:4px 8px">Qty</th><th style="padding:4px 8px;text-align:right">Price</th><th style="padding:4px 8px;text-align:right">Total</th></tr></thead><tbody>${rows}
<tr><td colspan="3" style="padding:4px 8px">Subtotal</td><td style="padding:4px 8px;text-align:right">${escapeHtml(o.subtotal)}</td></tr>${discount}
<tr><td colspan="3" style="padding:4px 8px">Shipping</td><td style="padding:4px 8px;text-align:right">${escapeHtml(o.shipping)}</td></tr>${
    o.codFee
      ? `
<tr><td colspan="3" style="padding:4px 8px">Cash on delivery fee</td><td style="padding:4px 8px;text-align:right">${escapeHtml(o.codFee)}</td></tr>`
      : ''
  }
<tr><td colspan="3" style="padding:4px 8px;font-weight:700">${o.payOnDelivery ? 'Total to pay on delivery' : 'Total paid'}</td><td style="padding:4px 8px;text-align:right;font-weight:700">${escapeHtml(o.total)}</td></tr></tbody></table>`;
}

function orderText(o: OrderForMail): string {
  return [
    ...o.lines.map((l) => `${l.quantity} x ${l.title} @ ${l.unit} = ${l.total}`),
    `Subtotal: ${o.subtotal}`,
    ...(o.couponCode ? [`Coupon ${o.couponCode}: -${o.discount}`] : []),
    `Shipping: ${o.shipping}`,
    ...(o.codFee ? [`Cash on delivery fee: ${o.codFee}`] : []),
    o.payOnDelivery ? `Total to pay on delivery: ${o.total}` : `Total paid: ${o.total}`,
  ].join('\n');
}

function withTable(html: string, table: string): string {
  return html.replace('</h1>', `</h1>\n${table}`);
}

/** The receipt the shopper gets when an order is paid. */
export function receiptMail(shopName: string, o: OrderForMail, ordersUrl: string): MailContent {
  const paid = o.payOnDelivery
    ? `Thank you for your order ${o.orderCode}. You chose cash on delivery: please pay ${o.payOnDelivery} on delivery. Your GST invoice follows when the order is dispatched.`
    : `Thank you for your order ${o.orderCode}. We have received your payment (${o.paymentId}).`;
  const paragraphs = [`Hello ${o.name},`, paid, `We will deliver to: ${o.address}. Phone: ${o.phone}.`];
  const subject = `Your ${shopName} order ${o.orderCode}`;
  const base = mail(shopName, subject, paragraphs, { label: 'View my orders', url: ordersUrl });
  return { subject, text: `${orderText(o)}\n\n${base.text}`, html: withTable(base.html, orderTableHtml(o)) };
}

/** The shop's notice of a new paid order. */
export function newOrderMail(shopName: string, o: OrderForMail): MailContent {
  const subject = `New order ${o.orderCode}: ${o.total}`;
  const paragraphs = [
    `Customer: ${o.name} <${o.email}>, ${o.phone}`,
    `Deliver to: ${o.address}`,
    o.payOnDelivery ? `Payment: cash on delivery, to collect ${o.payOnDelivery}` : `Payment: ${o.paymentId}`,
  ];
  const base = mail(shopName, subject, paragraphs);
  return { subject, text: `${orderText(o)}\n\n${base.text}`, html: withTable(base.html, orderTableHtml(o)) };
}

const STATUS_WORDS: Record<string, { subject: string; line: string }> = {
  dispatched: { subject: 'is on its way', line: 'Good news: your order has been dispatched and is on its way to you.' },
  delivered: { subject: 'has been delivered', line: 'Your order has been delivered. We hope you enjoy building with it!' },
  canceled: { subject: 'has been canceled', line: 'Your order has been canceled.' },
};

type Tracking = { courier: string; trackingNumber: string; trackingUrl: string | null };

const NO_TRACKING_YET = 'When we add the courier and the tracking number, you will find them under Your Orders and we will email them to you.';

function trackingLines(tracking: Tracking): string[] {
  return [
    `Courier: ${tracking.courier}. Tracking number: ${tracking.trackingNumber}.`,
    ...(tracking.trackingUrl ? [`Track it at ${tracking.trackingUrl}`] : []),
  ];
}

/** The shopper's notice of the courier and tracking number of an order dispatched before they were known. */
export function trackingMail(shopName: string, name: string, orderCode: string, tracking: Tracking, ordersUrl: string): MailContent {
  return mail(
    shopName,
    `Tracking for your order ${orderCode}`,
    [`Hello ${name},`, `Your order ${orderCode} is on its way. Here is how to follow it:`, ...trackingLines(tracking)],
    {
      label: 'View my orders',
      url: ordersUrl,
    },
  );
}

/**
 * The shopper's notice when an order is dispatched, delivered or canceled. A
 * cancellation says what happens to the money: `refund` is the amount being
 * refunded (formatted), or null when nothing was paid or nothing is left.
 */
export function orderStatusMail(
  shopName: string,
  name: string,
  orderCode: string,
  status: string,
  ordersUrl: string,
  refund: string | null = null,
  tracking: Tracking | null = null,
  payOnDelivery: string | null = null,
): MailContent | null {
  const words = STATUS_WORDS[status];
  if (!words) return null;
  // The original dashboard dispatches with the status alone (decision 038): the details may follow.
  const shipping = [
    ...(tracking ? trackingLines(tracking) : status === 'dispatched' ? [NO_TRACKING_YET] : []),
    ...(payOnDelivery && status === 'dispatched'
      ? [`Cash on delivery: please keep ${payOnDelivery} ready to pay on delivery. Your GST invoice is attached.`]
      : []),
  ];
  const money =
    status !== 'canceled'
      ? []
      : refund
        ? [
            `We have asked our payment provider to refund ${refund} to your original payment method. Banks usually show it within 5 to 7 working days; we will write again when the refund is processed.`,
          ]
        : ['No payment was taken for this order, so there is nothing to refund.'];
  return mail(shopName, `Your order ${orderCode} ${words.subject}`, [`Hello ${name},`, words.line, ...shipping, ...money, `Order: ${orderCode}.`], {
    label: 'View my orders',
    url: ordersUrl,
  });
}

/** The shopper's notice that a refund has reached the payment provider's "processed" state. */
export function refundProcessedMail(shopName: string, name: string, orderCode: string, amount: string, ordersUrl: string, manual = false): MailContent {
  const how = manual
    ? `Your refund of ${amount} for order ${orderCode} has been sent to you by bank transfer or UPI (you paid cash on delivery). Depending on your bank it can take a working day or two to show on your statement.`
    : `Your refund of ${amount} for order ${orderCode} has been processed by our payment provider. Depending on your bank it can take a few working days to show on your statement.`;
  return mail(shopName, `Refund of ${amount} for order ${orderCode} processed`, [`Hello ${name},`, how], { label: 'View my orders', url: ordersUrl });
}

/** The shopper's notice that a payment came for an order that no longer awaited one, and is being returned. */
export function latePaymentMail(shopName: string, name: string, orderCode: string, amount: string, ordersUrl: string): MailContent {
  return mail(
    shopName,
    `Your payment of ${amount} for order ${orderCode} is being refunded`,
    [
      `Hello ${name},`,
      `We received a payment of ${amount} for order ${orderCode}, but that order was no longer awaiting payment (it had been canceled, or was already paid). We have not kept the money: a full refund to your original payment method has been started.`,
      'If you still want the products, please check out again from your cart.',
    ],
    { label: 'View my orders', url: ordersUrl },
  );
}

/** The shop's notice of a late payment that is being refunded automatically. */
export function latePaymentNoticeMail(shopName: string, orderCode: string, paymentId: string, amount: string, email: string): MailContent {
  return mail(shopName, `Late payment ${paymentId} for order ${orderCode} is being refunded`, [
    `A payment of ${amount} (${paymentId}) by ${email} arrived for order ${orderCode}, which was no longer awaiting payment.`,
    'It has been recorded against the order and a full refund was started automatically. The order is flagged in the dashboard; check the refund there.',
  ]);
}

/** A list of label: value lines, for notices that carry every field of a form. */
function detailsMail(shopName: string, subject: string, intro: string[], details: [string, string][], action?: { label: string; url: string }): MailContent {
  const base = mail(shopName, subject, intro, action);
  const text = `${intro.join('\n\n')}\n\n${details.map(([k, v]) => `${k}: ${v}`).join('\n')}${action ? `\n\n${action.label}: ${action.url}` : ''}\n\n-- ${shopName}`;
  const table = `<table style="border-collapse:collapse;font-size:14px">${details
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:4px 8px;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 8px;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
  return { subject, text, html: base.html.replace('</h1>', `</h1>\n${table}`) };
}

export function claimConfirmationMail(shopName: string, name: string, productTitle: string): MailContent {
  return mail(shopName, `Your claim for ${productTitle}`, [
    `Hello ${name},`,
    `Thank you for claiming the ${productTitle} for your school. Our team will contact you within a few working days to arrange delivery.`,
  ]);
}

export function claimNoticeMail(shopName: string, productTitle: string, fields: [string, string][]): MailContent {
  return detailsMail(shopName, `New free kit claim: ${productTitle}`, ['A school has claimed a free kit.'], fields);
}

export function printNoticeMail(shopName: string, requestId: number, fields: [string, string][], downloadUrl: string): MailContent {
  return detailsMail(shopName, `New 3D printing request #${requestId}`, ['A new 3D printing request has arrived.'], fields, {
    label: 'Files in the admin dashboard',
    url: downloadUrl,
  });
}

/** A request of the company site's other forms (school enrollment, demo booking, refund or service, other). */
export function contactNoticeMail(shopName: string, title: string, requestId: number, fields: [string, string][], dashboardUrl: string): MailContent {
  return detailsMail(shopName, `${title} #${requestId}`, [`A new request has arrived: ${title.toLowerCase()}.`], fields, {
    label: 'Requests in the admin dashboard',
    url: dashboardUrl,
  });
}

export function printConfirmationMail(shopName: string, name: string, requestId: number, price: string): MailContent {
  return mail(shopName, `We received your 3D printing request #${requestId}`, [
    `Hello ${name},`,
    `Thank you for your 3D printing request. The estimated price is ${price}; we will contact you to confirm the details and the final price.`,
  ]);
}

/** The shop's low-stock alert (decision 047): what just fell to its threshold, then everything that is low. */
export function lowStockMail(
  shopName: string,
  crossed: { title: string; stock: number }[],
  low: { title: string; stock: number; threshold: number }[],
  dashboardUrl: string,
): MailContent {
  const subject = crossed.length === 1 ? `Low stock: ${crossed[0]!.title} (${crossed[0]!.stock} left)` : `Low stock: ${crossed.length} products`;
  return mail(
    shopName,
    subject,
    [
      `Just fell to or below its threshold: ${crossed.map((c) => `${c.title} (${c.stock} left)`).join('; ')}.`,
      `Everything low now (units left / threshold): ${low.map((l) => `${l.title}: ${l.stock} / ${l.threshold}`).join('; ')}.`,
    ],
    { label: 'Products in the admin dashboard', url: dashboardUrl },
  );
}

const RETURN_WORDS: Record<string, { subject: string; line: string }> = {
  requested: { subject: 'return request received', line: 'We have your return request and will look at it shortly; we will write again with our decision.' },
  approved: {
    subject: 'return approved',
    line: 'Your return has been approved. Please pack the items securely and send the parcel back to us; we will refund you once it arrives.',
  },
  rejected: { subject: 'return not approved', line: 'We are sorry: we could not approve your return request.' },
  received: { subject: 'return parcel received', line: 'Your returned parcel has arrived. We will refund you shortly.' },
  refunded: { subject: 'return refunded', line: 'We have refunded your return.' },
};

/**
 * The shopper's mail at each step of a return request (decision 048): requested, approved,
 * rejected, received, refunded (with the amount; a second mail follows when the provider has
 * processed it, with the credit note). `message` is the shop's note with its decision.
 */
export function returnStatusMail(
  shopName: string,
  name: string,
  orderCode: string,
  returnId: number,
  status: string,
  ordersUrl: string,
  message: string | null,
  refund: string | null = null,
): MailContent {
  const words = RETURN_WORDS[status] ?? { subject: `return ${status}`, line: `Your return is now ${status}.` };
  const money = refund
    ? [`We have asked our payment provider to refund ${refund} to your original payment method. Banks usually show it within 5 to 7 working days.`]
    : [];
  const note = message ? [`Our note: ${message}`] : [];
  return mail(
    shopName,
    `Order ${orderCode}: ${words.subject} (return #${returnId})`,
    [`Hello ${name},`, words.line, ...note, ...money, `Order: ${orderCode}, return #${returnId}.`],
    {
      label: 'View my orders',
      url: ordersUrl,
    },
  );
}
