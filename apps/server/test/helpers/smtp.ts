/**
 * A real SMTP server in the test process (the `smtp-server` package), so mail tests send over SMTP as in
 * production, and a small MIME reader for the messages it receives.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] as string));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

/** Splits a multipart/alternative message into its headers and decoded text and HTML parts. */
export function readMail(raw: string, to: string[] = []): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = { text: '', html: '' };
  for (const part of boundary ? raw.split(`--${boundary}`).slice(1) : []) {
    const at = part.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const partHeaders = parseHeaders(part.slice(0, at));
    const body = part.slice(at).trim();
    const encoding = partHeaders.get('content-transfer-encoding') ?? '7bit';
    const decoded =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
    const type = partHeaders.get('content-type') ?? '';
    if (type.startsWith('text/plain')) parts.text = decoded.replace(/\r\n/g, '\n');
    if (type.startsWith('text/html')) parts.html = decoded;
  }
  return { to, raw, headers, ...parts };
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Called as each message arrives; return false to refuse it (the client then sees a failure). */
  onMessage: (() => boolean | Promise<boolean>) | null;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    onMessage: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const accept = state.onMessage ? await state.onMessage() : true;
        if (!accept) {
          const error = Object.assign(new Error('Service not available, try again later'), {
            responseCode: 421,
          });
          callback(error);
          return;
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        state.received.push(readMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
