import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPage } from '../../components/loading-page';
import { useAuth } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/brand/document-title';

/**
 * The return from the identity provider (specification §2): a loading page while the code is redeemed
 * and the token exchanged; the session then moves on to the remembered page, or to /login on failure.
 */
export function Component() {
  const { t } = useTranslation('pages');
  const { completeSignIn } = useAuth();
  const title = t('implicitCallback.title');
  useDocumentTitle(title);
  useEffect(() => {
    void completeSignIn();
  }, [completeSignIn]);
  return <LoadingPage title={title} />;
}
