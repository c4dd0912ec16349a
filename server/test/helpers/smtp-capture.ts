import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in this process that keeps every message it receives. */
export async function captureSmtp() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { messages, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A raw message with quoted-printable soft breaks and `=3D` undone (enough to read links and headers). */
export function plainText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
