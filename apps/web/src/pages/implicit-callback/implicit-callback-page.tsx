import { useTranslation } from 'react-i18next';
import { LoadingPage } from '../../components/loading-page';
import { useDocumentTitle } from '../../lib/brand/document-title';

/** The return from the identity provider (specification §2): a loading page while sign-in completes. */
export function Component() {
  const { t } = useTranslation('pages');
  const title = t('implicitCallback.title');
  useDocumentTitle(title);
  return <LoadingPage title={title} />;
}
