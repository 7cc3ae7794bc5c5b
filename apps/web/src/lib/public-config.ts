import {
  PUBLIC_CONFIG_ELEMENT_ID,
  publicConfigSchema,
  type PublicConfig,
} from '@portal/contracts/public-config';
import { publicConfigEndpoint } from '@portal/contracts/public-config-endpoints';
import { createContext, useContext } from 'react';
import { callEndpoint } from './http/call-endpoint';

/**
 * Read once at boot, before anything renders: the brand decides the theme and the languages, and the
 * sign-in settings come from here. The server inlines it in the HTML, which spares the portal's start a
 * round trip; otherwise (the Vite dev server's HTML) it is asked of this origin, as the API origin
 * (`apiurl`) is in the answer.
 */
export function fetchPublicConfig(): Promise<PublicConfig> {
  const inlined = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (inlined) {
    const parsed = publicConfigSchema.safeParse(JSON.parse(inlined));
    if (parsed.success) return Promise.resolve(parsed.data);
  }
  return callEndpoint(publicConfigEndpoint);
}

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig is used outside of the app providers');
  return config;
}
