import { createHash, generateKeyPairSync } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect issuer on loopback (the `oidc-provider` package), standing in for Google
 * in tests. Its sign-in page asks for an email and a name and signs in whoever is typed, with the
 * email marked verified, as Google would for a Google account.
 */
export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The subject the issuer gives an email, to check what the app stored. */
  subjectFor(email: string): string;
  close(): Promise<void>;
}

interface Account {
  email: string;
  name: string;
}

export async function startTestIssuer(options: {
  redirectUris: string[];
  port?: number;
}): Promise<TestIssuer> {
  const clientId = 'structomate-test';
  const clientSecret = 'test-secret-not-used-anywhere-else';
  const accounts = new Map<string, Account>();
  const subjectFor = (email: string) =>
    `test-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`;

  // The issuer URL needs the port, so the provider is made after the server listens.
  const holder: { provider?: Provider } = {};
  const server = http.createServer((req, res) => {
    const provider = holder.provider;
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      void interaction(provider, accounts, subjectFor, req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  holder.provider = new Provider(issuer, {
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: email and name travel in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['a-key-for-the-test-issuer-only'] },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    subjectFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const page = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Test identity provider</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 4rem auto">
<h1>Test identity provider</h1>
<p>Stands in for Google during tests. Whoever you type is signed in.</p>
<form method="post" action="/interaction/${uid}">
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>Name <input name="name" required></label></p>
<p><button type="submit">Continue</button> <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></p>
</form></body></html>`;

async function interaction(
  provider: Provider,
  accounts: Map<string, Account>,
  subjectFor: (email: string) => string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details.uid));
    return;
  }
  const form = new URLSearchParams(await readBody(req));
  if (form.get('cancel')) {
    await provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: 'The person cancelled the sign-in',
    });
    return;
  }
  const email = form.get('email') ?? '';
  const accountId = subjectFor(email);
  accounts.set(accountId, { email, name: form.get('name') ?? '' });
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
