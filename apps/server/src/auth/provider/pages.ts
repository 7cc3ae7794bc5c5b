import { randomBytes } from 'node:crypto';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import type { Brand } from '@portal/contracts/brands';
import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The few pages the identity provider itself renders: its error page, the step of RP-initiated logout
 * that would otherwise ask "Do you want to sign-out?", and the page after a logout without a redirect.
 * Self-contained (no external fonts or scripts, unlike oidc-provider's defaults), in the brand's
 * languages. Everything else the user sees is the portal's.
 */

type PageLanguage = 'en' | 'fr';

const TEXTS = {
  en: {
    errorTitle: 'Sign-in could not continue',
    errorBody: 'Something went wrong while signing you in. Go back to the sign-in page and try again.',
    errorCode: 'Error',
    backToSignIn: 'Back to sign-in',
    signingOut: 'Signing you out…',
    signOut: 'Sign out',
    signedOutTitle: 'You are signed out',
    signInAgain: 'Sign in again',
  },
  fr: {
    errorTitle: 'La connexion n’a pas pu se poursuivre',
    errorBody: 'Un problème est survenu pendant la connexion. Retournez à la page de connexion et réessayez.',
    errorCode: 'Erreur',
    backToSignIn: 'Retour à la connexion',
    signingOut: 'Déconnexion en cours…',
    signOut: 'Se déconnecter',
    signedOutTitle: 'Vous êtes déconnecté',
    signInAgain: 'Se reconnecter',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1a1b1e}' +
  'main{max-width:28rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}' +
  'h1{font-size:1.4rem;margin:0 0 1rem}p{line-height:1.5}code{overflow-wrap:anywhere}a,button{font:inherit}';

export interface PageOptions {
  brand: Brand;
  /** Origins besides the issuer's that logout may return to (the Vite dev server in development). */
  extraLogoutOrigins: readonly string[];
}

/** rbc serves English and Canadian French (PRODUCT.md, "Brands"); the browser's preference decides. */
function languageOf(ctx: KoaContextWithOIDC, brand: Brand): PageLanguage {
  if (brand !== 'rbc') return 'en';
  return ctx.acceptsLanguages('en', 'fr') === 'fr' ? 'fr' : 'en';
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(ctx: KoaContextWithOIDC, language: PageLanguage, title: string, body: string): void {
  ctx.type = 'html';
  ctx.body = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function signInLink(text: string): string {
  return `<p><a href="${PUBLIC_PATHS.login}">${escapeHtml(text)}</a></p>`;
}

/** oidc-provider's `renderError`: what went wrong, and a way back to the portal's sign-in. */
export function renderErrorPage(
  options: PageOptions,
): (ctx: KoaContextWithOIDC, out: { error?: unknown; error_description?: unknown }) => void {
  return (ctx, out) => {
    const language = languageOf(ctx, options.brand);
    const texts = TEXTS[language];
    const code = typeof out.error === 'string' ? out.error : 'server_error';
    const description = typeof out.error_description === 'string' ? `: ${out.error_description}` : '';
    page(
      ctx,
      language,
      texts.errorTitle,
      `<p>${escapeHtml(texts.errorBody)}</p>
<p><small>${escapeHtml(texts.errorCode)} <code>${escapeHtml(code + description)}</code></small></p>
${signInLink(texts.backToSignIn)}`,
    );
  };
}

/**
 * Adds to the Content-Security-Policy that @fastify/helmet put on the raw response (it survives the
 * hijack) what the logout page needs: its one inline script by nonce, and the form's redirect target.
 */
function relaxPolicyForLogout(ctx: KoaContextWithOIDC, nonce: string, extraOrigins: readonly string[]): void {
  const policy = ctx.response.get('Content-Security-Policy');
  if (policy === '') return;
  const directives = policy.split(';').map((directive) => {
    const trimmed = directive.trim();
    const name = trimmed.split(/\s+/, 1)[0];
    if (name === 'script-src') return `${trimmed} 'nonce-${nonce}'`;
    // Browsers apply form-action to the redirect after the POST as well.
    if (name === 'form-action' && extraOrigins.length > 0) return `${trimmed} ${extraOrigins.join(' ')}`;
    return trimmed;
  });
  ctx.set('Content-Security-Policy', directives.join('; '));
}

/**
 * oidc-provider's `logoutSource`: the portal has already decided to sign out, so instead of asking,
 * the page submits the provider's form at once (with `logout=yes`, which ends the whole session and
 * revokes its grants). Without JavaScript the button does the same.
 */
export function logoutPage(options: PageOptions): (ctx: KoaContextWithOIDC, form: string) => void {
  return (ctx, form) => {
    const language = languageOf(ctx, options.brand);
    const texts = TEXTS[language];
    const nonce = randomBytes(16).toString('base64');
    relaxPolicyForLogout(ctx, nonce, options.extraLogoutOrigins);
    page(
      ctx,
      language,
      texts.signingOut,
      `${form}
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(texts.signOut)}</button></noscript>
<script nonce="${nonce}">
(function () {
  var form = document.getElementById('op.logoutForm');
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
})();
</script>`,
    );
  };
}

/** oidc-provider's `postLogoutSuccessSource`: shown only when logout named no redirect URI. */
export function signedOutPage(options: PageOptions): (ctx: KoaContextWithOIDC) => void {
  return (ctx) => {
    const language = languageOf(ctx, options.brand);
    const texts = TEXTS[language];
    page(ctx, language, texts.signedOutTitle, signInLink(texts.signInAgain));
  };
}
