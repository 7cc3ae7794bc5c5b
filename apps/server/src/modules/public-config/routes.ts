import { BRAND_PROFILES } from '@portal/contracts/brands';
import { PUBLIC_CONFIG_PATH, publicConfigSchema } from '@portal/contracts/public-config';
import type { PublicConfig } from '@portal/contracts/public-config';
import type { Config } from '../../config.js';
import type { AppModule } from '../../http/module.js';

/** The portal's OIDC client, registered with the built-in identity provider under this id. */
const PORTAL_CLIENT_ID = 'merchant-portal';

function publicConfigOf(config: Config): PublicConfig {
  return {
    brand: config.brand,
    apiurl: config.publicUrl,
    locales: [...BRAND_PROFILES[config.brand].locales],
    fakeAuth: config.fakeAuth,
    oidc: { authority: `${config.publicUrl}/oidc`, clientId: PORTAL_CLIENT_ID },
    demo: config.demoData,
  };
}

/** What the portal needs before anyone signs in; the brand is read at run time (PRODUCT.md, "Brands"). */
export const publicConfigRoutes: AppModule = (app, { config }, done) => {
  const answer = publicConfigOf(config);
  app.get(
    PUBLIC_CONFIG_PATH,
    {
      schema: {
        tags: ['portal'],
        summary: 'Brand, locales and sign-in settings of the portal',
        response: { 200: publicConfigSchema },
      },
    },
    () => answer,
  );
  done();
};
