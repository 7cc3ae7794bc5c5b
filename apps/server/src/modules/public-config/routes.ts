import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import type { PublicConfig } from '@portal/contracts/public-config';
import { publicConfigEndpoint } from '@portal/contracts/public-config-endpoints';
import type { Config } from '../../config.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';

/** Also inlined in the portal's HTML (http/spa.ts), so that the portal starts without asking for it. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    brand: config.brand,
    apiurl: config.publicUrl,
    locales: [...BRAND_PROFILES[config.brand].locales],
    fakeAuth: config.fakeAuth,
    // An external provider (Okta, Keycloak, Auth0) replaces the built-in one by configuration.
    oidc: config.externalOidc
      ? { authority: config.externalOidc.issuer, clientId: config.externalOidc.clientId }
      : { authority: `${config.publicUrl}/oidc`, clientId: PORTAL_CLIENT_ID },
    demo: config.demoData,
  };
}

/** What the portal needs before anyone signs in; the brand is read at run time (PRODUCT.md, "Brands"). */
export const publicConfigRoutes: AppModule = (app, { config }, done) => {
  const answer = publicConfigOf(config);
  route(app, publicConfigEndpoint, () => answer);
  done();
};
