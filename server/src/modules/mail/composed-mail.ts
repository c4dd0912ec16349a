import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';

/** What a mail is made of: nodemailer's message options (from, to, subject, text, html, attachments, messageId...). */
export type MailOptions = ConstructorParameters<typeof MailComposer>[0];

/** A message ready for the mail server: its bytes, and the envelope and Message-ID nodemailer would give it. */
export interface ComposedMail {
  raw: Buffer;
  envelope: { from: string | false; to: string[] };
  messageId: string;
}

/** One node of nodemailer's MIME tree written out, its children after it, as `MimeNode.stream()` writes it. */
function write(node: MimeNode, out: (string | Buffer)[]): void {
  out.push(`${node.buildHeaders()}\r\n\r\n`);
  // Asked after the headers, which set it: nodemailer then answers it without scanning a text part again.
  const encoding = node.getTransferEncoding();
  const content = node.content;
  if (content) {
    if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new Error('composeMail takes text and Buffer contents only');
    // The encoders' streams give what their functions give for a whole input (nodemailer's qp and base64).
    if (encoding === 'base64') out.push(base64.wrap(base64.encode(content), 76));
    else if (encoding === 'quoted-printable') out.push(qp.wrap(qp.encode(content), 76));
    else out.push(content);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out.push(`${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n`);
      write(child, out);
    });
    out.push(`\r\n--${node.boundary}--\r\n`);
  }
}

/**
 * The message nodemailer's `sendMail` would send for `mail`, byte for byte, built at once (decision
 * 105): nodemailer's own MIME tree and headers (`MailComposer`), each part encoded by its own
 * functions, written out in one piece. `sendMail` builds the same bytes through a pipeline of
 * streams per part (a content stream, an encoder, the message's stream, a last-newline transform),
 * which cost more than the encoding; sent as `raw` with this envelope, the message takes one
 * stream. Contents must be strings or Buffers (no paths, URLs or streams).
 */
export function composeMail(mail: MailOptions): ComposedMail {
  const root = new MailComposer(mail).compile();
  const out: (string | Buffer)[] = [];
  write(root, out);
  const raw = Buffer.concat(out.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
  // A message ends with a line break (nodemailer's LastNewline).
  const last = raw[raw.length - 1];
  const ended = last === 0x0a ? raw : Buffer.concat([raw, Buffer.from(last === 0x0d ? '\n' : '\r\n')]);
  return { raw: ended, envelope: root.getEnvelope(), messageId: root.messageId() };
}

export type ComposeMail = typeof composeMail;
