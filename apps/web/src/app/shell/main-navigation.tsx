import { Divider, NavLink, Stack } from '@mantine/core';
import { PAGES, type PageName } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPage } from '../current-page';
import { PAGE_TABLE, SETTINGS_GROUP } from '../page-table';
import { useVisiblePages } from './use-visible-pages';

const entries = (Object.keys(PAGE_TABLE) as PageName[]).flatMap((page) => {
  const { nav } = PAGE_TABLE[page];
  return nav ? [{ page, ...nav }] : [];
});

function isActive(page: PageName, current: PageName | undefined): boolean {
  if (!current) return false;
  if (page === 'accountSettings') return SETTINGS_GROUP.has(current);
  // A transaction's drawer and the cart pages belong under their lists.
  if (page === 'transactions') return current === 'transactions' || current === 'transaction';
  if (page === 'carts') return current === 'carts' || current === 'cart' || current === 'cartCreate';
  return page === current;
}

/** The main pages the user may see, then the account-settings entry. */
export function MainNavigation({ onNavigate }: { readonly onNavigate: () => void }) {
  const { t } = useTranslation('pages');
  const visible = useVisiblePages();
  const current = useCurrentPage();
  const links = (section: 'main' | 'account') =>
    entries
      .filter((entry) => entry.section === section && visible.has(entry.page))
      .map(({ page, icon: Icon }) => {
        const active = isActive(page, current);
        return (
          <NavLink
            key={page}
            component={Link}
            to={PAGES[page].path}
            label={t(`${page}.title`)}
            leftSection={<Icon size={20} aria-hidden="true" />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      });
  return (
    <Stack gap={4}>
      {links('main')}
      <Divider my="sm" />
      {links('account')}
    </Stack>
  );
}
