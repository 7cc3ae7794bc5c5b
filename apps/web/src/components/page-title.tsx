import { Title } from '@mantine/core';
import type { PageName, PUBLIC_PATHS } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/brand/document-title';

/** Every screen with a title of its own, each with `<name>.title` in the `pages` namespace. */
export type TitledPage = PageName | keyof typeof PUBLIC_PATHS | 'notFound' | 'permissionDenied';

/** The page's one h1, which also names the browser tab. */
export function PageTitle({ page }: { readonly page: TitledPage }) {
  const { t } = useTranslation('pages');
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  return <Title order={1}>{title}</Title>;
}
