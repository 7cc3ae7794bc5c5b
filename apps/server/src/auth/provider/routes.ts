import formBody from '@fastify/formbody';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { PUBLIC_PATHS, href } from '@portal/contracts/routes';
import { interactionDetailsEndpoint } from '@portal/contracts/auth-endpoints';
import {
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_RETRY_AT_PARAM,
  type InteractionDetails,
  type SignInError,
} from '@portal/contracts/sign-in';
import { AppError, notFound } from '../../http/app-error.js';
import type { AppModule, ModuleOptions } from '../../http/module.js';
import { route } from '../../http/route.js';
import { OIDC_MOUNT_PATH, createIdentityProvider } from './provider.js';
import { checkSignIn, unknownUserPasswordHash } from './sign-in.js';

/** Sign-in attempts per client address and minute; the throttle after failures is in sign-in-throttle.ts. */
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

const SIGN_IN_BODY_LIMIT_BYTES = 8_192;

const signInBodySchema = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
});

interface ReadyProvider {
  provider: Provider;
  /** The provider's Koa request handler. */
  handle: ReturnType<Provider['callback']>;
}

/** The provider, made on first use and then kept; a failure (database down) is retried next time. */
type ProviderSource = () => Promise<ReadyProvider>;

/**
 * The provider needs its keys from the database, so it is made at the first request that needs it
 * rather than when the app is built: building the app never touches the database.
 */
function lazyProvider(create: () => Promise<Provider>): ProviderSource {
  let ready: Promise<ReadyProvider> | undefined;
  return () => {
    if (ready === undefined) {
      const attempt = create().then((provider) => ({ provider, handle: provider.callback() }));
      ready = attempt;
      attempt.catch(() => {
        if (ready === attempt) ready = undefined;
      });
    }
    return ready;
  };
}

/**
 * The built-in identity provider (docs/auth.md): the provider itself at /oidc, the portal's sign-in
 * form's POST at /login/:interactionId, and the details that page reads at
 * /api/auth/interaction/:interactionId. The form page (GET /login/:interactionId) is the SPA's, served
 * by the not-found handler: nothing here answers GET on that path.
 */
export const identityProviderRoutes: AppModule = (app, { config, database }, done) => {
  // An external provider replaces this one entirely (docs/auth.md): none of these paths exist then.
  if (config.externalOidc !== undefined) {
    done();
    return;
  }
  const source = lazyProvider(async () => {
    const [provider] = await Promise.all([
      createIdentityProvider({ config, db: database.db, log: app.log }),
      // Made before the first sign-in, so that an unknown e-mail never takes longer than a known one.
      unknownUserPasswordHash(),
    ]);
    return provider;
  });

  app.register(providerMount, { source });
  app.register(signInForm, { database, source });

  route(app, interactionDetailsEndpoint, async (request, reply) => {
    const { provider } = await source();
    // The interaction cookie's path is the page's path, so it never reaches this route; the id, a
    // random nanoid, is enough to read what is shown here, which is nothing secret.
    const interaction = await provider.Interaction.find(request.params.interactionId);
    if (interaction?.prompt.name !== 'login') throw notFound('This sign-in has expired or does not exist');
    const clientId = interaction.params.client_id;
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    const loginHint = interaction.params.login_hint;
    const details: InteractionDetails = {
      prompt: 'login',
      ...(client?.clientName === undefined ? {} : { clientName: client.clientName }),
      ...(typeof loginHint === 'string' ? { loginHint } : {}),
    };
    void reply.header('Cache-Control', 'no-store');
    return details;
  });
  done();
};

/**
 * oidc-provider is a Koa app: this scope hands it the raw request and response untouched. No body
 * parser may run here (the provider reads the body itself: a parsed one makes it refuse the token and
 * revocation calls), and the provider derives its mount path from `originalUrl` minus `url`.
 */
const providerMount: FastifyPluginCallback<{ source: ProviderSource }> = (scope, { source }, done) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, parsed) => {
    parsed(null);
  });
  scope.all(`${OIDC_MOUNT_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    // Before the hijack, so that a failure here (the database down) still gets the usual error answer.
    const { handle } = await source();
    // Its end is logged like every request's (http/request-log.ts: onResponse runs for a hijacked reply).
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    const url = raw.url ?? OIDC_MOUNT_PATH;
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
    await handle(raw, reply.raw);
  });
  done();
};

function signInPage(interactionId: string, error: SignInError, retryAt?: string): string {
  const query = new URLSearchParams({ [SIGN_IN_ERROR_PARAM]: error });
  if (retryAt !== undefined) query.set(SIGN_IN_RETRY_AT_PARAM, retryAt);
  return `${href(PUBLIC_PATHS.signIn, { interactionId })}?${query.toString()}`;
}

function backToPage(reply: FastifyReply, interactionId: string, error: SignInError, retryAt?: string) {
  return reply.header('Cache-Control', 'no-store').redirect(signInPage(interactionId, error, retryAt), 303);
}

/** oidc-provider's error when the interaction cookie is missing or names no live interaction. */
function isSessionNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'SessionNotFound';
}

/**
 * The form's POST. CSRF needs no token of its own here: the provider's interaction cookie is signed,
 * SameSite=Lax (so a cross-site POST arrives without it) and scoped to this very path, and the
 * interaction it names must be the one in the path; a forged POST therefore finds no interaction.
 */
const signInForm: FastifyPluginCallbackZod<{
  database: ModuleOptions['database'];
  source: ProviderSource;
}> = (scope, { database, source }, done) => {
  scope.register(formBody, { bodyLimit: SIGN_IN_BODY_LIMIT_BYTES });

  // The form is a page, not an API call: refusals go back to the page rather than answering JSON.
  scope.setErrorHandler((error, request, reply) => {
    const { interactionId } = request.params as { interactionId?: unknown };
    if (typeof interactionId !== 'string') throw error;
    if (error instanceof AppError && error.status === 429) {
      return backToPage(reply, interactionId, 'rate_limited');
    }
    // The shared limit store is down: the attempt cannot be counted, so it is not checked either.
    if (error instanceof AppError && error.status === 503) {
      request.log.warn({ err: error }, 'sign-in refused: the limit store is not reachable');
      return backToPage(reply, interactionId, 'unavailable');
    }
    if (isSessionNotFound(error)) return backToPage(reply, interactionId, 'expired');
    throw error;
  });

  scope.post(
    PUBLIC_PATHS.signIn,
    {
      bodyLimit: SIGN_IN_BODY_LIMIT_BYTES,
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'The sign-in form of the built-in identity provider (HTML form, answers 303)',
        params: interactionDetailsEndpoint.params,
        body: signInBodySchema,
      },
    },
    async (request, reply) => {
      const { provider } = await source();
      const { interactionId } = request.params;
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== interactionId || interaction.prompt.name !== 'login') {
        return backToPage(reply, interactionId, 'expired');
      }

      const outcome = await checkSignIn(database.db, scope.limits, {
        email: request.body.email ?? '',
        password: request.body.password ?? '',
        address: request.ip,
      });
      switch (outcome.kind) {
        case 'invalid':
          return backToPage(reply, interactionId, 'invalid');
        case 'throttled':
          return backToPage(reply, interactionId, 'throttled', outcome.retryAt);
        case 'signed-in': {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: outcome.accountId, amr: ['pwd'] } },
            { mergeWithLastSubmission: false },
          );
          return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
        }
      }
    },
  );
  done();
};
