import { SetPasswordPage } from '../../features/passwords/components/set-password-page';

/** `/password/reset/:activationToken`: a new password through the link of a reset e-mail (issue 6). */
export function Component() {
  return <SetPasswordPage purpose="RESET" />;
}
