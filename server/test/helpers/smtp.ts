import { SMTPServer } from 'smtp-server';

interface Captured {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in this process that keeps every message it receives. Recipients for which
 * `reject(address)` holds are refused with a 550, as a mail server refuses an unknown mailbox.
 * `headersOnly` keeps only each message's header (a benchmark's thousands of mails with invoices).
 */
export async function captureSmtp(reject: (address: string) => boolean = () => false, options: { dataDelayMs?: number; headersOnly?: boolean } = {}) {
  const messages: Captured[] = [];
  // Messages being received at this moment, and the most there ever were at once.
  let receiving = 0;
  let busiest = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!reject(address.address)) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      busiest = Math.max(busiest, ++receiving);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // A slow server takes its time before it accepts the message.
        setTimeout(() => {
          receiving--;
          const raw = Buffer.concat(chunks).toString('utf8');
          const headerEnd = options.headersOnly ? raw.indexOf('\r\n\r\n') : -1;
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: headerEnd >= 0 ? raw.slice(0, headerEnd) : raw });
          callback();
        }, options.dataDelayMs ?? 0);
      });
    },
  });
  // A connection cut in the middle of a mail (the fault test's proxy cuts them) ends in an error, such
  // as EPIPE on the server's reply, that smtp-server emits on the server: without a listener it was an
  // uncaught exception that failed the run although every test passed. The client sees the cut.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { messages, port, busiest: () => busiest, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The plain-text part of a raw message, with quoted-printable soft breaks undone. */
export function plainText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The first attachment of a raw message whose Content-Type matches: its name and bytes, or null. */
function attached(raw: string, type: string): { name: string; bytes: Buffer } | null {
  // The attachment part: its headers, a blank line, then the file in base64.
  const part = new RegExp(`Content-Type: ${type}; name=([^\\r\\n]+)\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`).exec(raw);
  return part ? { name: part[1]!, bytes: Buffer.from(part[2]!.replace(/\s/g, ''), 'base64') } : null;
}

/** The first PDF attached to a raw message (an invoice, a credit note). */
export const attachedPdf = (raw: string) => attached(raw, 'application\\/pdf');

/** The first file attached to a raw message, whatever its type. */
export const attachedFile = (raw: string) => attached(raw, '[a-z]+\\/[a-z0-9.+-]+');
