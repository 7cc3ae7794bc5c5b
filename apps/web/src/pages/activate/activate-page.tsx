import { SetPasswordPage } from '../../features/passwords/components/set-password-page';

/** `/activate/:activationToken`: an invited user creates the password (issue 6). */
export function Component() {
  return <SetPasswordPage purpose="ACTIVATION" />;
}
