import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { composeMail, type MailOptions } from './composed-mail';
import { newOrderMail, passwordResetMail, receiptMail, verificationMail, type OrderForMail } from './mail.templates';

const order: OrderForMail = {
  orderCode: 'ORD-7Q2K9',
  name: 'Aditi Rao',
  email: 'aditi@example.com',
  phone: '+91 98765 43210',
  address: '12 MG Road, Bengaluru, Karnataka 560001',
  lines: [
    { title: 'Robobox Mechatronics kit', quantity: 1, unit: '₹2,499.00', total: '₹2,499.00' },
    { title: 'Servo motor <SG90> & horns', quantity: 3, unit: '₹180.00', total: '₹540.00' },
  ],
  subtotal: '₹3,039.00',
  discount: '₹300.00',
  shipping: '₹0.00',
  couponCode: 'DIWALI',
  total: '₹2,739.00',
  paymentId: 'pay_Nq8fPz3kLm',
};
/** A PDF-like attachment: binary bytes, not a multiple of 3 long (base64's padding). */
const pdf = Buffer.from(Array.from({ length: 7001 }, (_, i) => (i * 37) % 256));
const from = 'Robokits India <no-reply@robokits.example>';
const at = new Date('2026-11-28T09:30:00Z');

/** nodemailer's own message for the same options: what `sendMail` streamed to the server before decision 105. */
const nodemailers = (mail: MailOptions) => new MailComposer(mail).compile().build();

const mails: [string, MailOptions][] = [
  [
    'a receipt with its invoice PDF',
    {
      from,
      to: order.email,
      ...receiptMail('Robokits India', order, 'https://robokits.example/Orders'),
      attachments: [{ filename: 'invoice-RK-26-27-000123.pdf', content: pdf }],
      messageId: '<outbox-41.0@robokits.example>',
    },
  ],
  [
    "the shop's notice of a new order (a rupee sign in the subject)",
    { from, to: 'orders@robokits.example', ...newOrderMail('Robokits India', order), messageId: '<outbox-42.0@robokits.example>' },
  ],
  [
    'a verification mail with a long link',
    { from, to: 'new@example.com', ...verificationMail('Robokits India', 'Ravi', `https://robokits.example/verify-email?token=${'x'.repeat(180)}`) },
  ],
  [
    'a password reset to a name that needs encoding',
    {
      from: '"Robokits, India" <no-reply@robokits.example>',
      to: 'Zoë Ñúñez <zoe@example.com>',
      ...passwordResetMail('Robokits India', 'Zoë', 'https://robokits.example/r'),
    },
  ],
  ['plain ASCII text only (7bit)', { from, to: 'a@example.com', subject: 'Hello', text: 'Hello\nsecond line' }],
  [
    'text ending in spaces and lines over 76 characters',
    { from, to: 'a@example.com', subject: 'Spaces', text: `${'word '.repeat(40)}\n  indented  \nlast  `, html: '<p>x</p>  ' },
  ],
  [
    'several attachments, one with a non-ASCII name and one over 64 KiB',
    {
      from,
      to: 'a@example.com',
      subject: 'Files',
      text: 'See attached',
      attachments: [
        { filename: 'crédit-note.pdf', content: pdf },
        { filename: 'model.stl', content: Buffer.alloc(200_000, 7) },
      ],
    },
  ],
];

describe('a mail composed at once (decision 105)', () => {
  it.each(mails)("is nodemailer's message to the byte: %s", async (_name, mail) => {
    // The same boundary, date and Message-ID on both sides: nodemailer draws the others at random.
    const fixed = { messageId: '<fixed@robokits.example>', ...mail, baseBoundary: 'b4d1c3e5f7a9', date: at };
    const composed = composeMail(fixed);
    expect(composed.raw.toString('latin1')).toBe((await nodemailers(fixed)).toString('latin1'));
  });

  it('answers the envelope and Message-ID nodemailer would send it with', () => {
    const composed = composeMail({ ...mails[0]![1], date: at });
    expect(composed.envelope).toEqual({ from: 'no-reply@robokits.example', to: ['aditi@example.com'] });
    expect(composed.messageId).toBe('<outbox-41.0@robokits.example>');
    // The attachment is in it whole, and the text readable.
    const raw = composed.raw.toString('latin1');
    expect(raw).toContain('Content-Type: application/pdf; name=invoice-RK-26-27-000123.pdf');
    expect(raw).toContain(pdf.toString('base64').slice(0, 76));
    expect(raw).toMatch(/^Subject: Your Robokits India order ORD-7Q2K9$/m);
  });
});
