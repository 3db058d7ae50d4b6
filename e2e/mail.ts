import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the e2e SMTP server (e2e/serve.ts) writes the mail the server on `port` sent. */
export const mailDir = (port: string | number) =>
  path.resolve(import.meta.dirname, `../.artifacts/e2e-mail-${port}`);

export interface ArrivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The first message to `to` whose subject matches, once it has arrived at the test SMTP server
 * (the app delivers through its job engine, so it comes a moment after the action).
 */
export async function mailArriving(
  port: string | number,
  to: string,
  subject: string | RegExp,
  timeoutMs = 20_000,
): Promise<ArrivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(mailDir(port)).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.json'))
      .sort();
    for (const file of files) {
      const mail = JSON.parse(
        await readFile(path.join(mailDir(port), file), 'utf8'),
      ) as ArrivedMail;
      const subjectMatches =
        typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject);
      if (mail.to === to && subjectMatches) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" arrived for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The reset link in a message's plain text. */
export const resetLinkIn = (mail: Pick<ArrivedMail, 'text'>) => {
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error('the mail has no reset link');
  return link;
};
