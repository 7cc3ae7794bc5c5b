import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { PORTAL_SCOPE } from '../auth/provider/provider.js';

/**
 * The portal's sign-in through the built-in identity provider over real HTTP, as a browser and
 * oidc-client-ts do it: a cookie jar, redirects followed by hand so that a test can check each hop,
 * PKCE, and the token requests.
 */

interface StoredCookie {
  value: string;
  path: string;
}

/** Just enough of a browser's cookie store: names, values and paths, all on one host. */
class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? '/';
      const expires = attributes.find((attribute) => /^expires=/i.test(attribute))?.slice(8);
      const expired = expires !== undefined && Date.parse(expires) <= Date.now();
      const key = `${name};${path}`;
      if (value === '' || expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies.entries()]
      .filter(
        ([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([key, cookie]) => `${key.split(';', 1)[0] ?? ''}=${cookie.value}`)
      .join('; ');
  }
}

/** A browser: a cookie jar, redirects followed by hand so that each hop can be checked. */
export class Browser {
  readonly jar = new CookieJar();

  constructor(private readonly base: string) {}

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(path, this.base).toString();
    const headers: Record<string, string> = { cookie: this.jar.headerFor(url) };
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /** Follows 30x answers until one points outside the server's own paths (or is not a redirect). */
  async follow(response: Response): Promise<Response> {
    let current = response;
    while (current.status >= 300 && current.status < 400) {
      const location = locationOf(current);
      const url = new URL(location, this.base);
      if (url.origin !== this.base || !/^\/(oidc|login)\//.test(url.pathname)) return current;
      current = await this.request(url.toString());
    }
    return current;
  }
}

export function locationOf(response: Response): string {
  const location = response.headers.get('location');
  if (location === null) throw new Error(`no Location on a ${response.status} answer`);
  return location;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  scope?: string;
}

/** What oidc-client-ts does: authorization request, then the token request with the code verifier. */
export class PortalClient {
  readonly browser: Browser;
  readonly redirectUri: string;

  constructor(private readonly running: { readonly base: string }) {
    this.browser = new Browser(running.base);
    this.redirectUri = `${running.base}/implicit/callback`;
  }

  async startSignIn(): Promise<{ response: Response; verifier: string; state: string }> {
    const { verifier, challenge } = pkcePair();
    const state = randomUUID();
    const query = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: PORTAL_SCOPE,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await this.browser.request(`/oidc/auth?${query.toString()}`);
    return { response, verifier, state };
  }

  submitSignIn(loginPath: string, email: string, password: string): Promise<Response> {
    return this.browser.request(loginPath.split('?', 1)[0] ?? loginPath, {
      method: 'POST',
      form: { email, password },
    });
  }

  /** Sign-in from start to tokens, asserting each hop. */
  async signIn(email: string, password: string): Promise<Tokens> {
    const { response, verifier, state } = await this.startSignIn();
    expect(response.status).toBe(303);
    const loginPath = locationOf(response);
    expect(loginPath).toMatch(/^\/login\/[\w-]+$/);
    const callback = await this.browser.follow(await this.submitSignIn(loginPath, email, password));
    const code = this.codeFrom(callback, state);
    return this.redeem(code, verifier);
  }

  codeFrom(callback: Response, state: string): string {
    expect(callback.status).toBe(303);
    const url = new URL(locationOf(callback));
    expect(`${url.origin}${url.pathname}`).toBe(this.redirectUri);
    expect(url.searchParams.get('state')).toBe(state);
    const code = url.searchParams.get('code');
    if (code === null) throw new Error(`no code in ${url.toString()}`);
    return code;
  }

  async redeem(code: string, verifier: string): Promise<Tokens> {
    const response = await this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Tokens;
  }

  token(form: Record<string, string>): Promise<Response> {
    return fetch(`${this.running.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, ...form }).toString(),
    });
  }

  refresh(refreshToken: string): Promise<Response> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  revoke(refreshToken: string): Promise<Response> {
    return fetch(`${this.running.base}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: PORTAL_CLIENT_ID,
        token: refreshToken,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
  }
}
