import { once } from 'node:events';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server inside the test run (loopback, no TLS, no login): mail the app sends through
 * SMTP_URL arrives here and is read back parsed. `refuse` makes it answer every message with a
 * temporary failure, as a mail server that is down for maintenance does.
 */
export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  refuse(on: boolean): void;
  /** Waits until `count` messages have arrived (or fails after 10 s). */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(
  options: { port?: number; onMessage?: (mail: ParsedMail) => Promise<void> } = {},
): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          received.push(mail);
          await options.onMessage?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on) => {
      refusing = on;
    },
    waitFor: async (count) => {
      const deadline = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, ${received.length} arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
