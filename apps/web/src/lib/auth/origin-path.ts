import { PUBLIC_PATHS } from '@portal/contracts/routes';

/**
 * Where the user was going when sign-in began, so that they land there afterwards (specification §2,
 * §4). Session storage rather than local storage: local storage holds exactly what §3 lists, and the
 * whole sign-in round trip happens in the one tab.
 */
const ORIGIN_PATH_KEY = 'portal.originPath';

const SIGN_IN_PATHS: readonly string[] = [
  PUBLIC_PATHS.login,
  PUBLIC_PATHS.implicitCallback,
  PUBLIC_PATHS.logoutCallback,
];

/**
 * Only a path of this portal: '//host' and '/\host' are other sites to a browser, and a sign-in page
 * as the destination would send the user round in a circle.
 */
function isReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !SIGN_IN_PATHS.some(
    (signInPath) => pathname === signInPath || pathname.startsWith(`${signInPath}/`),
  );
}

export function rememberOriginPath(path: string): void {
  try {
    if (isReturnPath(path)) sessionStorage.setItem(ORIGIN_PATH_KEY, path);
  } catch {
    // Storage disabled by the browser: the user lands on the home page instead.
  }
}

export function readOriginPath(): string | null {
  try {
    const path = sessionStorage.getItem(ORIGIN_PATH_KEY);
    return path !== null && isReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetOriginPath(): void {
  try {
    sessionStorage.removeItem(ORIGIN_PATH_KEY);
  } catch {
    // Nothing was stored.
  }
}
