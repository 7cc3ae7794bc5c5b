import { defineEndpoint } from './endpoint.js';
import { publicConfigSchema } from './public-config.js';

/** What the portal needs before anyone signs in; the brand is read at run time (PRODUCT.md, "Brands"). */
export const publicConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public-config',
  answer: { status: 200, schema: publicConfigSchema },
  access: 'public',
  summary: 'Brand, locales and sign-in settings of the portal',
  tags: ['portal'],
  errors: [],
});
