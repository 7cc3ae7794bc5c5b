import { isIP } from 'node:net';
import { z } from 'zod';
import { BRANDS } from '@portal/contracts/brands';
import { KeyEncryptionKey } from './auth/key-encryption.js';
import type { DatabaseConfig } from './db/database.js';
import { parseDatabaseUrl } from './db/database-url.js';

/**
 * The only module that reads `process.env` (ARCHITECTURE.md, convention 9). Every variable is checked
 * at once so that a bad deployment learns about all its mistakes in one go.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

type LogLevel = (typeof LOG_LEVELS)[number];
type NodeEnv = (typeof NODE_ENVS)[number];

export interface Config {
  port: number;
  database: DatabaseConfig;
  /**
   * The most PostgreSQL connections this process opens (DATABASE_POOL_SIZE): with several instances,
   * their sum must stay under the server's `max_connections` (docs/operations.md). Unused on SQLite.
   */
  databasePoolSize: number;
  brand: (typeof BRANDS)[number];
  /** The origin the browser uses, without a trailing slash. */
  publicUrl: string;
  smtpUrl: string | undefined;
  fakeAuth: boolean;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /**
   * Asked for explicitly (DEMO_DATA=true; `npm start` does), never in production: seeds demo data into
   * an empty database at start, and lets the outbox show account links (docs/decisions/0007).
   */
  demoData: boolean;
  /** Which hops of X-Forwarded-For to believe for the client address (rate limits, logs); false: none. */
  trustProxy: TrustProxy;
  /** One more origin the portal may run on, for sign-in redirects: the Vite dev server. Never in production. */
  devRedirectOrigin: string | undefined;
  /** Encrypts the keys stored in the database; unset outside production: a key file in the data folder. */
  keyEncryptionKey: KeyEncryptionKey | undefined;
  /** An external OpenID Connect provider that replaces the built-in one (docs/auth.md); unset: built-in. */
  externalOidc: ExternalOidcConfig | undefined;
  /**
   * Where rate limits and the sign-in slow-down are counted (REDIS_URL, REDIS_KEY_PREFIX); unset: in
   * the database (docs/decisions/0023-limits-in-redis.md).
   */
  redis: RedisConfig | undefined;
}

export interface RedisConfig {
  url: string;
  /** Put before every key, so that several deployments (or test runs) can share one Redis. */
  keyPrefix: string;
}

/**
 * Fastify's `trustProxy`: the proxies' addresses and CIDR ranges, or for a hop count a function that
 * trusts that many hops from the socket (the client is that many entries from the end of
 * X-Forwarded-For). A plain number is not passed on: this Fastify trusts no hop at all for one.
 * Never `true`, which would believe the whole header, written by the client itself.
 */
type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export interface ExternalOidcConfig {
  /** Compared with the access token's `iss` exactly; its discovery document names the JWKS. */
  issuer: string;
  clientId: string;
  /** The `aud` the provider puts in access tokens for the portal's API; defaults to PUBLIC_URL + '/api'. */
  audience: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// An empty variable (`FOO=` in a compose file) means "not set".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

function optionalVar<T extends z.ZodType>(schema: T) {
  return z.preprocess(unsetIfEmpty, schema.optional());
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => `must be one of ${values.join(', ')} (got "${String(issue.input)}")`,
  });
}

const booleanVar = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => ['true', 'false', '1', '0'].includes(value), {
    error: (issue) => `must be true or false (got "${String(issue.input)}")`,
  })
  .transform((value) => value === 'true' || value === '1');

const portVar = z
  .string()
  .refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 65_535, {
    error: (issue) => `must be a whole number from 0 to 65535 (got "${String(issue.input)}")`,
  })
  .transform(Number);

function parsedUrl(value: string): URL | undefined {
  return URL.canParse(value) ? new URL(value) : undefined;
}

function urlVar(protocols: readonly string[], example: string) {
  const names = protocols.map((protocol) => protocol.replace(':', '')).join(' or ');
  return z.string().refine((value) => protocols.includes(parsedUrl(value)?.protocol ?? ''), {
    error: `must be a ${names} URL such as ${example}`,
    abort: true,
  });
}

const publicUrlVar = urlVar(['http:', 'https:'], 'https://portal.example.com')
  .refine(
    (value) => {
      const url = parsedUrl(value);
      return url?.pathname === '/' && url.search === '' && url.hash === '';
    },
    {
      error:
        'must be an origin without a path, such as https://portal.example.com (the portal is served at /)',
    },
  )
  .transform((value) => new URL(value).origin);

/** The names proxy-addr (Fastify's `trustProxy`) knows besides addresses and ranges. */
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_USE =
  'give the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)';

const trustProxyVar = z.string().transform((value, context): TrustProxy => {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') {
    context.addIssue({
      code: 'custom',
      message: `must not be true: that believes every X-Forwarded-For hop, which the client writes itself; ${TRUST_PROXY_USE}`,
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(trimmed)) {
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `${bad.map((entry) => `"${entry}"`).join(', ')} is neither a hop count nor an address or CIDR range; ${TRUST_PROXY_USE}`,
    });
    return z.NEVER;
  }
  return entries;
});

// The value is a secret: messages never repeat it.
const keyEncryptionKeyVar = z.string().transform((value, context) => {
  const key = KeyEncryptionKey.parse(value);
  if (key === undefined) {
    context.addIssue({
      code: 'custom',
      message:
        'must be 32 random bytes written as 64 hex digits or as base64 (for example the output of `openssl rand -hex 32`)',
    });
    return z.NEVER;
  }
  return key;
});

const DEFAULT_REDIS_KEY_PREFIX = 'portal:';

/** node-postgres's own default, kept when DATABASE_POOL_SIZE is not set. */
const DEFAULT_POOL_SIZE = 10;
const MAX_POOL_SIZE = 1_000;

const poolSizeVar = z
  .string()
  .refine((value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_POOL_SIZE, {
    error: (issue) => `must be a whole number from 1 to ${MAX_POOL_SIZE} (got "${String(issue.input)}")`,
  })
  .transform(Number);

const databaseVar = z
  .string()
  .optional()
  .transform((value, context): DatabaseConfig => {
    try {
      return parseDatabaseUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  PORT: optionalVar(portVar),
  DATABASE_URL: z.preprocess(unsetIfEmpty, databaseVar),
  DATABASE_POOL_SIZE: optionalVar(poolSizeVar),
  BRAND: optionalVar(oneOf(BRANDS)),
  PUBLIC_URL: optionalVar(publicUrlVar),
  SMTP_URL: optionalVar(urlVar(['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com:465')),
  FAKE_AUTH: optionalVar(booleanVar),
  LOG_LEVEL: optionalVar(oneOf(LOG_LEVELS)),
  NODE_ENV: optionalVar(oneOf(NODE_ENVS)),
  DEMO_DATA: optionalVar(booleanVar),
  TRUST_PROXY: optionalVar(trustProxyVar),
  DEV_REDIRECT_ORIGIN: optionalVar(urlVar(['http:', 'https:'], 'http://localhost:5173')).transform((value) =>
    value === undefined ? undefined : new URL(value).origin,
  ),
  KEY_ENCRYPTION_KEY: optionalVar(keyEncryptionKeyVar),
  OIDC_ISSUER: optionalVar(urlVar(['https:', 'http:'], 'https://example.okta.com/oauth2/default')),
  REDIS_URL: optionalVar(urlVar(['redis:', 'rediss:'], 'redis://redis.internal:6379')),
  REDIS_KEY_PREFIX: optionalVar(z.string().max(100)),
  OIDC_CLIENT_ID: optionalVar(z.string().max(200)),
  // Audiences are URIs, not always web addresses (Okta's `api://default`).
  OIDC_AUDIENCE: optionalVar(
    z.string().refine((value) => URL.canParse(value), { error: 'must be a URI such as api://default' }),
  ),
});

type Env = z.infer<typeof envSchema>;

/** Rules between variables, checked once each variable is valid on its own. */
function crossProblems(values: Env, nodeEnv: NodeEnv): string[] {
  const problems: string[] = [];
  if (nodeEnv === 'production') {
    if (values.FAKE_AUTH === true) {
      problems.push(
        'FAKE_AUTH: must not be true when NODE_ENV is production (anyone could sign in as anyone)',
      );
    }
    if (values.DEMO_DATA === true) {
      problems.push(
        'DEMO_DATA: must not be true when NODE_ENV is production (demo accounts have a public password, and the outbox would show account links)',
      );
    }
    if (values.DEV_REDIRECT_ORIGIN !== undefined) {
      problems.push(
        'DEV_REDIRECT_ORIGIN: must not be set when NODE_ENV is production (it is for the Vite dev server)',
      );
    }
    if (values.KEY_ENCRYPTION_KEY === undefined) {
      problems.push(
        'KEY_ENCRYPTION_KEY: must be set when NODE_ENV is production, to encrypt the signing keys stored in the database (64 hex digits, e.g. `openssl rand -hex 32`)',
      );
    }
  }
  if (values.OIDC_ISSUER !== undefined && values.OIDC_CLIENT_ID === undefined) {
    problems.push('OIDC_CLIENT_ID: must be set when OIDC_ISSUER is');
  }
  if (values.REDIS_KEY_PREFIX !== undefined && values.REDIS_URL === undefined) {
    problems.push('REDIS_KEY_PREFIX: needs REDIS_URL');
  }
  if (values.OIDC_ISSUER === undefined) {
    if (values.OIDC_CLIENT_ID !== undefined) problems.push('OIDC_CLIENT_ID: needs OIDC_ISSUER');
    if (values.OIDC_AUDIENCE !== undefined) problems.push('OIDC_AUDIENCE: needs OIDC_ISSUER');
  }
  return problems;
}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const port = values.PORT ?? 3000;
  const nodeEnv = values.NODE_ENV ?? 'development';
  const problems = crossProblems(values, nodeEnv);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    database: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    brand: values.BRAND ?? 'bread',
    publicUrl,
    smtpUrl: values.SMTP_URL,
    fakeAuth: values.FAKE_AUTH ?? false,
    logLevel: values.LOG_LEVEL ?? 'info',
    nodeEnv,
    demoData: values.DEMO_DATA ?? false,
    trustProxy: values.TRUST_PROXY ?? false,
    devRedirectOrigin: values.DEV_REDIRECT_ORIGIN,
    keyEncryptionKey: values.KEY_ENCRYPTION_KEY,
    externalOidc:
      values.OIDC_ISSUER === undefined || values.OIDC_CLIENT_ID === undefined
        ? undefined
        : {
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID,
            audience: values.OIDC_AUDIENCE ?? `${publicUrl}/api`,
          },
    redis:
      values.REDIS_URL === undefined
        ? undefined
        : { url: values.REDIS_URL, keyPrefix: values.REDIS_KEY_PREFIX ?? DEFAULT_REDIS_KEY_PREFIX },
  };
}
