import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
      brand: 'bread',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      fakeAuth: false,
      logLevel: 'info',
      nodeEnv: 'development',
      demoData: true,
      trustProxy: false,
      externalOidc: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://portal:secret@db.internal:5432/portal',
      BRAND: 'rbc',
      PUBLIC_URL: 'https://portal.example.com/',
      SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
      FAKE_AUTH: 'true',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'test',
      DEMO_DATA: 'true',
      TRUST_PROXY: '1',
      OIDC_ISSUER: 'https://example.okta.com/oauth2/default',
      OIDC_CLIENT_ID: '0oa1portal',
      OIDC_AUDIENCE: 'api://default',
    });
    expect(config).toEqual({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://portal:secret@db.internal:5432/portal' },
      brand: 'rbc',
      publicUrl: 'https://portal.example.com',
      smtpUrl: 'smtps://mailer:pw@mail.example.com:465',
      fakeAuth: true,
      logLevel: 'debug',
      nodeEnv: 'test',
      demoData: true,
      trustProxy: true,
      externalOidc: {
        issuer: 'https://example.okta.com/oauth2/default',
        clientId: '0oa1portal',
        audience: 'api://default',
      },
    });
  });

  it('derives PUBLIC_URL from PORT and DEMO_DATA from NODE_ENV', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
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
    expect(problemsOf({ FAKE_AUTH: 'true', NODE_ENV: 'production' })).toEqual([
      'FAKE_AUTH: must not be true when NODE_ENV is production (anyone could sign in as anyone)',
    ]);
    expect(loadConfig({ FAKE_AUTH: 'false', NODE_ENV: 'production' }).fakeAuth).toBe(false);
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
