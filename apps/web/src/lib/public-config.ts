import type { PublicConfig } from '@portal/contracts/public-config';
import { publicConfigEndpoint } from '@portal/contracts/public-config-endpoints';
import { createContext, useContext } from 'react';
import { callEndpoint } from './http/call-endpoint';

/**
 * Read once at boot, before anything renders: the brand decides the theme and the languages, and the
 * sign-in settings come from here. It goes to this origin, as the API origin (`apiurl`) is in the answer.
 */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return callEndpoint(publicConfigEndpoint);
}

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig is used outside of the app providers');
  return config;
}
