import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local mailbox: a real SMTP server (smtp-server) that keeps every message it is sent, parsed
 * (mailparser), and lets a developer or a test read them: `messages()` in process, or
 * `GET /messages[?to=address]` on its HTTP port (newest last). Local stack and tests only: it
 * accepts any sender and recipient, without TLS or authentication.
 */
export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Every http(s) link in the text part. */
  links: string[];
  receivedAt: string;
}

export interface Mailbox {
  smtpPort: number;
  smtpUrl: string;
  httpUrl: string | null;
  messages: (to?: string) => ReceivedMail[];
  /** Waits for the first message to `to` matching `match` (default: any). */
  waitFor: (to: string, match?: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export async function startMailbox(
  options: { smtpPort?: number; httpPort?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<Mailbox> {
  const { SMTPServer } = require('smtp-server') as typeof import('smtp-server');
  const { simpleParser } = require('mailparser') as typeof import('mailparser');
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const mail: ReceivedMail = {
            id: received.length + 1,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            links: text.match(LINK) ?? [],
            receivedAt: new Date().toISOString(),
          };
          received.push(mail);
          options.onMail?.(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (server.server.address() as AddressInfo).port;

  const messages = (to?: string) => (to ? received.filter((m) => m.to.includes(to.toLowerCase())) : [...received]);

  let reader: http.Server | null = null;
  if (options.httpPort !== undefined) {
    reader = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET' || url.pathname !== '/messages') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"GET /messages[?to=address]"}');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(messages(url.searchParams.get('to') ?? undefined), null, 2));
    });
    await new Promise<void>((resolve, reject) =>
      reader!.once('error', reject).listen(options.httpPort, '127.0.0.1', () => resolve()),
    );
  }

  return {
    smtpPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: reader ? `http://127.0.0.1:${(reader.address() as AddressInfo).port}/messages` : null,
    messages,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages(to).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (reader) await new Promise<void>((resolve) => reader!.close(() => resolve()));
    },
  };
}
