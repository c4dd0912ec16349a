import type { PolicySlug } from '@shared/policies.schemas';

/** What the default texts are made from: the shop settings in force. */
export interface PolicyFacts {
  shopName: string;
  legalName: string;
  address: string;
  state: string;
  phone: string;
  email: string;
  returnWindowDays: number;
  registered: boolean;
  siteUrl: string;
}

/** Characters Markdown would read as formatting, in the settings' values, shown as they are. */
const md = (s: string) => s.replace(/([\\`*_[\]#<>])/g, '\\$1');

function contactLines(f: PolicyFacts): string[] {
  return [
    `**${md(f.legalName)}**`,
    ...(f.address ? [md(f.address)] : []),
    md(f.state),
    ...(f.email ? [`E-mail: [${md(f.email)}](mailto:${f.email})`] : []),
    ...(f.phone ? [`Phone: [${md(f.phone)}](tel:${f.phone.replace(/[^\d+]/g, '')})`] : []),
  ];
}

const reachUs = (f: PolicyFacts) => (f.email ? `write to [${md(f.email)}](mailto:${f.email})` : 'use the details on our [Contact us](/policies/contact) page');

/**
 * The default text of each policy page, made from the shop settings (the owner replaces any of them
 * in the dashboard). They describe what this shop's software does: checkout, refunds, returns
 * within the window, delivery by pincode; the owner should read them with their own practice in mind.
 */
export function defaultPolicy(slug: PolicySlug, f: PolicyFacts): string {
  const name = md(f.shopName);
  const legal = md(f.legalName);
  switch (slug) {
    case 'terms':
      return [
        `These terms apply to every order placed on ${name} (${md(f.siteUrl)}), a shop run by ${legal}, ${md(f.state)}, India.`,
        '## Orders and prices',
        `- Prices are in Indian rupees (₹)${f.registered ? ' and include GST' : ''}. The price you pay is the one shown at checkout, with any coupon and the shipping charge.`,
        '- An order is confirmed once its payment is received; we then e-mail a receipt and its invoice.',
        '- If we cannot supply an item we cancel its order and refund the full amount.',
        '## Your account',
        '- Keep your password to yourself; you are responsible for orders placed from your account.',
        '- We may suspend an account used for fraud or abuse.',
        '## Cancellations, returns and delivery',
        'See our [Refund and cancellation policy](/policies/refunds) and our [Shipping and delivery policy](/policies/shipping).',
        '## Law',
        `These terms are governed by the laws of India; the courts of ${md(f.state)} have jurisdiction.`,
        '## Questions',
        `To ask about these terms, ${reachUs(f)}.`,
      ].join('\n\n');
    case 'privacy':
      return [
        `${legal} ("we") runs ${name}. This policy says what we collect about you, why, and what you can ask of us.`,
        '## What we collect',
        '- Your name, e-mail address, phone number and delivery addresses, to deliver your orders and write to you about them.',
        '- Your orders and their invoices, which the law requires us to keep.',
        '- A session cookie that keeps you signed in; we use no advertising cookies.',
        '## Payments',
        'Payments are made through our payment provider (Razorpay). Your card, UPI or bank details go to them directly; we never see or store them.',
        '## Who sees it',
        'Our staff, the courier that delivers your parcel (name, address, phone), our payment provider and our mail provider, only for these purposes. We do not sell your data.',
        '## How long we keep it',
        'Your account until you ask us to delete it; orders and invoices for as long as tax law requires (at least six years).',
        '## Your rights',
        `You may ask to see, correct or delete your data: ${reachUs(f)}. We answer within 30 days.`,
      ].join('\n\n');
    case 'refunds': {
      const returns =
        f.returnWindowDays > 0
          ? `You may ask for a return within **${f.returnWindowDays} ${f.returnWindowDays === 1 ? 'day' : 'days'}** of delivery from *Your Orders*: choose the items and tell us why. Items must be unused and in their original packaging. Once we have received and checked the parcel, we refund the items returned.`
          : 'We do not accept returns of delivered orders, except for items that arrive damaged or are not what you ordered: tell us within 48 hours of delivery.';
      return [
        '## Cancelling an order',
        'You may cancel an order from *Your Orders* until it is dispatched. We refund the full amount at once.',
        '## Returns',
        returns,
        '## Damaged or wrong items',
        `If an item arrives damaged or is not what you ordered, ${reachUs(f)} with your order number and a photo; we replace or refund it at our cost.`,
        '## Refunds',
        'Refunds go back to the way you paid, usually within 5 to 7 working days of our refund. Each refund of an invoiced order comes with a credit note against its invoice.',
      ].join('\n\n');
    }
    case 'shipping':
      return [
        '## Where we deliver',
        'We deliver across India to the pincodes our courier serves: check yours on any product page or in your cart.',
        '## Charges',
        'The shipping charge, if any, is shown in your cart and at checkout before you pay.',
        '## When',
        'We dispatch paid orders within 1 to 3 working days. Delivery usually takes 2 to 7 working days after dispatch, depending on the pincode; we e-mail you the tracking details when your order ships.',
        '## Problems',
        `If your parcel is late, lost or arrives damaged, ${reachUs(f)} with your order number.`,
      ].join('\n\n');
    case 'contact':
      return [
        `${name} is run by:`,
        contactLines(f).join('\n'),
        `We answer e-mails within two working days. For an order, please give its order number (in *Your Orders*).`,
      ].join('\n\n');
  }
}
