import { describe, expect, it } from 'vitest';
import { KeyEncryptionKey } from './auth/key-encryption.js';
import { ConfigError, loadConfig } from './config.js';

const KEY_HEX = 'a'.repeat(64);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for every variable', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      database: { kind: 'sqlite', file: './data/portal.sqlite' },
      databasePoolSize: 10,
      brand: 'bread',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      fakeAuth: false,
      logLevel: 'info',
      nodeEnv: 'development',
      demoData: false,
      trustProxy: false,
      devRedirectOrigin: undefined,
      keyEncryptionKey: undefined,
      externalOidc: undefined,
      redis: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://portal:secret@db.internal:5432/portal',
      DATABASE_POOL_SIZE: '25',
      BRAND: 'rbc',
      PUBLIC_URL: 'https://portal.example.com/',
      SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
      FAKE_AUTH: 'true',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'test',
      DEMO_DATA: 'true',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      DEV_REDIRECT_ORIGIN: 'http://localhost:5173/',
      KEY_ENCRYPTION_KEY: KEY_HEX,
      OIDC_ISSUER: 'https://example.okta.com/oauth2/default',
      OIDC_CLIENT_ID: '0oa1portal',
      OIDC_AUDIENCE: 'api://default',
    });
    const { keyEncryptionKey, ...rest } = config;
    // The key itself is never shown: it opens what a key of the same bytes sealed.
    expect(keyEncryptionKey?.decrypt('kid', KeyEncryptionKey.parse(KEY_HEX)?.encrypt('kid', 'x') ?? '')).toBe(
      'x',
    );
    expect(rest).toEqual({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://portal:secret@db.internal:5432/portal' },
      databasePoolSize: 25,
      brand: 'rbc',
      publicUrl: 'https://portal.example.com',
      smtpUrl: 'smtps://mailer:pw@mail.example.com:465',
      fakeAuth: true,
      logLevel: 'debug',
      nodeEnv: 'test',
      demoData: true,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      devRedirectOrigin: 'http://localhost:5173',
      externalOidc: {
        issuer: 'https://example.okta.com/oauth2/default',
        clientId: '0oa1portal',
        audience: 'api://default',
      },
    });
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('has no demo data and no development redirect origin unless asked for, whatever NODE_ENV', () => {
    for (const nodeEnv of [undefined, 'development', 'test']) {
      const config = loadConfig(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv });
      expect(config.demoData, nodeEnv).toBe(false);
      expect(config.devRedirectOrigin, nodeEnv).toBeUndefined();
    }
    expect(loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: KEY_HEX }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEV_REDIRECT_ORIGIN: 'http://localhost:5173' }).devRedirectOrigin).toBe(
      'http://localhost:5173',
    );
  });

  it('refuses demo data and a development redirect origin in production', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        KEY_ENCRYPTION_KEY: KEY_HEX,
        DEMO_DATA: 'true',
        DEV_REDIRECT_ORIGIN: 'http://localhost:5173',
      }),
    ).toEqual([
      'DEMO_DATA: must not be true when NODE_ENV is production (demo accounts have a public password, and the outbox would show account links)',
      'DEV_REDIRECT_ORIGIN: must not be set when NODE_ENV is production (it is for the Vite dev server)',
    ]);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    if (typeof oneHop !== 'function') throw new Error('a hop count is a function for Fastify');
    // The socket's peer (hop 0) is the proxy; the address it saw (hop 1) is the client's.
    expect([oneHop('10.0.0.7', 0), oneHop('1.2.3.4', 1)]).toEqual([true, false]);
    const twoHops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    if (typeof twoHops !== 'function') throw new Error('a hop count is a function for Fastify');
    expect([twoHops('x', 0), twoHops('x', 1), twoHops('x', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '::1',
      'fd00::/8',
      'loopback',
    ]);

    const use =
      'give the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)';
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      `TRUST_PROXY: must not be true: that believes every X-Forwarded-For hop, which the client writes itself; ${use}`,
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33,proxy.internal' })).toEqual([
      `TRUST_PROXY: "10.0.0.0/33", "proxy.internal" is neither a hop count nor an address or CIDR range; ${use}`,
    ]);
  });

  it('requires a well-formed KEY_ENCRYPTION_KEY in production, never repeating its value', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'KEY_ENCRYPTION_KEY: must be set when NODE_ENV is production, to encrypt the signing keys stored in the database (64 hex digits, e.g. `openssl rand -hex 32`)',
    ]);
    const badKey = 'not-a-key-but-maybe-a-secret-0123456789';
    const problems = problemsOf({ KEY_ENCRYPTION_KEY: badKey });
    expect(problems).toEqual([
      'KEY_ENCRYPTION_KEY: must be 32 random bytes written as 64 hex digits or as base64 (for example the output of `openssl rand -hex 32`)',
    ]);
    expect(problems.join()).not.toContain(badKey);
    const config = loadConfig({ NODE_ENV: 'production', KEY_ENCRYPTION_KEY: KEY_HEX });
    expect(JSON.stringify(config)).not.toContain(KEY_HEX);
  });

  it('reads sqlite: URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/portal/db.sqlite' }).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/portal/db.sqlite',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', BRAND: '', FAKE_AUTH: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      brand: 'bread',
      fakeAuth: false,
      database: { kind: 'sqlite' },
    });
  });

  it('parses FAKE_AUTH as true or false only', () => {
    expect(loadConfig({ FAKE_AUTH: 'false' }).fakeAuth).toBe(false);
    expect(loadConfig({ FAKE_AUTH: 'TRUE' }).fakeAuth).toBe(true);
    expect(loadConfig({ FAKE_AUTH: '0' }).fakeAuth).toBe(false);
    expect(problemsOf({ FAKE_AUTH: 'yes' })).toEqual(['FAKE_AUTH: must be true or false (got "yes")']);
  });

  it('refuses fake auth in production, where anyone could sign in as anyone', () => {
    expect(problemsOf({ FAKE_AUTH: 'true', NODE_ENV: 'production', KEY_ENCRYPTION_KEY: KEY_HEX })).toEqual([
      'FAKE_AUTH: must not be true when NODE_ENV is production (anyone could sign in as anyone)',
    ]);
    expect(
      loadConfig({ FAKE_AUTH: 'false', NODE_ENV: 'production', KEY_ENCRYPTION_KEY: KEY_HEX }).fakeAuth,
    ).toBe(false);
    expect(loadConfig({ FAKE_AUTH: 'true', NODE_ENV: 'development' }).fakeAuth).toBe(true);
  });

  it('reads an external identity provider, its audience defaulting to the API of PUBLIC_URL', () => {
    expect(
      loadConfig({
        PUBLIC_URL: 'https://portal.example.com',
        OIDC_ISSUER: 'https://sso.example.com/realms/portal',
        OIDC_CLIENT_ID: 'merchant-portal',
      }).externalOidc,
    ).toEqual({
      issuer: 'https://sso.example.com/realms/portal',
      clientId: 'merchant-portal',
      audience: 'https://portal.example.com/api',
    });
  });

  it('refuses an incomplete or malformed external identity provider', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://sso.example.com' })).toEqual([
      'OIDC_CLIENT_ID: must be set when OIDC_ISSUER is',
    ]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'portal', OIDC_AUDIENCE: 'api://default' })).toEqual([
      'OIDC_CLIENT_ID: needs OIDC_ISSUER',
      'OIDC_AUDIENCE: needs OIDC_ISSUER',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'sso.example.com', OIDC_CLIENT_ID: 'portal' })).toEqual([
      'OIDC_ISSUER: must be a https or http URL such as https://example.okta.com/oauth2/default',
    ]);
    expect(
      problemsOf({ OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'p', OIDC_AUDIENCE: 'no' }),
    ).toEqual(['OIDC_AUDIENCE: must be a URI such as api://default']);
  });

  it.each([['abc'], ['-1'], ['65536'], ['30.5'], ['3000x']])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([
      `PORT: must be a whole number from 0 to 65535 (got "${port}")`,
    ]);
  });

  it.each([['0'], ['1001'], ['ten'], ['2.5']])('refuses DATABASE_POOL_SIZE=%s', (size) => {
    expect(problemsOf({ DATABASE_POOL_SIZE: size })).toEqual([
      `DATABASE_POOL_SIZE: must be a whole number from 1 to 1000 (got "${size}")`,
    ]);
  });

  it('reads REDIS_URL with its key prefix, and refuses a prefix without it or another kind of URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379' }).redis).toEqual({
      url: 'redis://cache.internal:6379',
      keyPrefix: 'portal:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal', REDIS_KEY_PREFIX: 'eu:' }).redis).toEqual({
      url: 'rediss://cache.internal',
      keyPrefix: 'eu:',
    });
    expect(problemsOf({ REDIS_KEY_PREFIX: 'eu:' })).toEqual(['REDIS_KEY_PREFIX: needs REDIS_URL']);
    expect(problemsOf({ REDIS_URL: 'http://cache.internal' })).toEqual([
      'REDIS_URL: must be a redis or rediss URL such as redis://redis.internal:6379',
    ]);
  });

  it('refuses an unknown BRAND', () => {
    expect(problemsOf({ BRAND: 'acme' })).toEqual(['BRAND: must be one of bread, rbc (got "acme")']);
  });

  it('refuses a DATABASE_URL it cannot use, without repeating it', () => {
    const [problem, ...rest] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/portal' });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^DATABASE_URL: .*unsupported scheme/);
    expect(problem).not.toContain('hunter2');
  });

  it('refuses PUBLIC_URL and SMTP_URL of the wrong kind', () => {
    expect(problemsOf({ PUBLIC_URL: 'portal.example.com' })).toEqual([
      'PUBLIC_URL: must be a http or https URL such as https://portal.example.com',
    ]);
    expect(problemsOf({ PUBLIC_URL: 'https://example.com/portal' })[0]).toMatch(
      /^PUBLIC_URL: must be an origin/,
    );
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com' })).toEqual([
      'SMTP_URL: must be a smtp or smtps URL such as smtps://user:password@mail.example.com:465',
    ]);
  });

  it('lists every bad variable in one error', () => {
    const problems = problemsOf({
      PORT: 'x',
      BRAND: 'acme',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      DEMO_DATA: 'maybe',
      DATABASE_URL: 'nonsense',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'BRAND',
      'LOG_LEVEL',
      'NODE_ENV',
      'DEMO_DATA',
    ]);
    let message = '';
    try {
      loadConfig({ PORT: 'x', BRAND: 'acme' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toBe(
      'Invalid configuration:\n  - PORT: must be a whole number from 0 to 65535 (got "x")\n  - BRAND: must be one of bread, rbc (got "acme")',
    );
  });
});
