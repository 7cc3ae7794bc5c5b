import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../public-config';

/** "Bread Merchant Portal" / "Portail marchand RBC": the brand's name in the current language. */
export function usePortalName(): string {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  return t('portalName', { brand: t(`brand.${brand}`) });
}

/** The tab's title names the page first, so that tabs and screen readers tell pages apart. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const portal = usePortalName();
  const title = t('documentTitle', { page, portal });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
