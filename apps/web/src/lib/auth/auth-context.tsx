import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSession, AuthSnapshot } from './auth-session';

const AuthSessionContext = createContext<AuthSession | null>(null);

/** Starts a sign-in at the identity provider: `AuthSession.signIn`, alone. */
export type StartSignIn = AuthSession['signIn'];

/**
 * What a signed-out page needs of the session: to start a sign-in. The light entry (docs/decisions/0014)
 * gives only this, and loads the session when it is called.
 */
export const StartSignInContext = createContext<StartSignIn | null>(null);

export interface AuthProviderProps {
  /** The app's one session (`createAuthSession`), made before rendering so the HTTP client can use it. */
  readonly session: AuthSession;
  readonly children: ReactNode;
}

export function AuthProvider({ session, children }: AuthProviderProps) {
  return (
    <AuthSessionContext value={session}>
      <StartSignInContext value={session.signIn}>{children}</StartSignInContext>
    </AuthSessionContext>
  );
}

export type Auth = AuthSnapshot &
  Pick<AuthSession, 'signIn' | 'completeSignIn' | 'signInAsFakeUser' | 'switchMerchant' | 'signOut'>;

/** The signed-in state and what changes it; re-renders when the state changes. */
export function useAuth(): Auth {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error('useAuth is used outside of an AuthProvider');
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return {
    ...snapshot,
    signIn: session.signIn,
    completeSignIn: session.completeSignIn,
    signInAsFakeUser: session.signInAsFakeUser,
    switchMerchant: session.switchMerchant,
    signOut: session.signOut,
  };
}

/** Starts a sign-in, in the app as in the light entry. */
export function useStartSignIn(): StartSignIn {
  const startSignIn = useContext(StartSignInContext);
  if (!startSignIn) throw new Error('useStartSignIn is used outside of an AuthProvider or the light entry');
  return startSignIn;
}
