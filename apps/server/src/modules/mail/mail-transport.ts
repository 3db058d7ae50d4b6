import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMessage {
  from: { name: string; address: string } | string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/**
 * Where mail goes: an SMTP server (SMTP_URL) or nowhere, the message staying in our outbox for
 * the admin's Sent mail page. Both answer the same way, so the delivery job has one path.
 */
export interface MailTransport {
  kind: 'outbox' | 'smtp';
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailTransport: MailTransport;
  }
}

const SECONDS = 1000;

export function createMailTransport(config: Config['mail']): MailTransport {
  if (!config.smtpUrl) {
    return { kind: 'outbox', send: async () => undefined, close: () => undefined };
  }
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  // Loaded with the first message, not at start: a server whose mail stays in the outbox never
  // holds the SMTP client in memory.
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    // smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when the server offers it.
    secure,
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    // A stalled server fails the attempt (the job retries) instead of holding a worker.
    connectionTimeout: 10 * SECONDS,
    greetingTimeout: 10 * SECONDS,
    socketTimeout: 30 * SECONDS,
  };
  let transporter: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  return {
    kind: 'smtp',
    send: async (message) => {
      // A failed load is tried again with the next message (the delivery job retries).
      transporter ??= import('nodemailer').then(
        ({ default: nodemailer }) => {
          opened = nodemailer.createTransport(options);
          return opened;
        },
        (error: unknown) => {
          transporter = undefined;
          throw error;
        },
      );
      await (await transporter).sendMail(message);
    },
    close: () => opened?.close(),
  };
}

export function registerMailTransport(app: FastifyInstance): void {
  const transport = createMailTransport(app.config.mail);
  app.decorate('mailTransport', transport);
  app.addHook('onClose', async () => transport.close());
}
