/**
 * Feature flags are evaluated only over http or https (specification §5). The origin is the API's
 * (`apiurl`), or this page's when the API is served from the same origin ('').
 */
export function featureFlagOrigin(apiurl: string): string {
  const url = new URL(apiurl === '' ? window.location.origin : apiurl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Feature flags are evaluated over http or https only, not ${url.protocol}`);
  }
  return url.origin;
}
