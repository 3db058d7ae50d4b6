import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config';
import type { ExternalIdentity } from '../users/users.service';

/**
 * Google sign-in as an OpenID Connect relying party: authorization code flow with PKCE (S256),
 * state and nonce. Any OpenID Connect issuer works (GOOGLE_ISSUER); the tests use a local one.
 */
type GoogleConfig = NonNullable<Config['google']>;

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const SCOPE = 'openid email profile';

/** What must survive the round trip to the provider, kept in a short-lived HttpOnly cookie. */
export const PendingSignInSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
});
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly google: GoogleConfig,
    private readonly publicUrl: string,
  ) {}

  private get redirectUri(): string {
    return `${this.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  }

  /** Discovery runs once and is kept; a failed attempt is forgotten so the next sign-in retries. */
  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.google.issuer),
        this.google.clientId,
        this.google.clientSecret,
        undefined,
        // Plain http is only ever a local test issuer; real providers are https.
        new URL(this.google.issuer).protocol === 'http:'
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  async start(returnTo: string): Promise<{ url: string; pending: PendingSignIn }> {
    const config = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      returnTo,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code and checks state, nonce, PKCE and the ID token; returns who signed in. */
  async finish(query: string, pending: PendingSignIn): Promise<ExternalIdentity> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${this.redirectUri}${query}`),
      {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token');
    let profile: Record<string, unknown> = claims;
    // Some providers keep email and name out of the ID token; the UserInfo endpoint has them.
    if (typeof claims.email !== 'string') {
      profile = {
        ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
        ...claims,
      };
    }
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(profile.email),
      emailVerified: profile.email_verified === true,
      name: text(profile.name),
      picture: text(profile.picture),
    };
  }
}
