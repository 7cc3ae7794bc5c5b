import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { HOME_PATH } from '@portal/contracts/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MerchantSwitcher } from '../../features/merchants/components/merchant-switcher';
import { ProgramPicker } from '../../features/programs/components/program-picker';
import { canSwitchMerchant } from '../../lib/merchant-selection/merchant-selection';
import { RouteGuard } from '../route-guard';
import { useMerchantSession } from '../session/session-context';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import { MainNavigation } from './main-navigation';
import classes from './shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useVisiblePages } from './use-visible-pages';
import { UserMenu } from './user-menu';

const NAVBAR_ID = 'main-navigation';

/**
 * After a navigation, focus moves to the new page's content so that keyboard and screen-reader users
 * start there instead of at the link they used.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    main.current?.focus();
  }, [pathname]);
  return main;
}

/** Provider staff switch merchants here; a user with an assigned merchant sees its name only. */
function HeaderMerchant() {
  const { claims, merchantId, merchant } = useMerchantSession();
  if (canSwitchMerchant(claims)) {
    return <MerchantSwitcher merchantId={merchantId} merchantName={merchant?.name ?? null} />;
  }
  return (
    <Text component="span" fw={600} visibleFrom="sm" truncate maw={260}>
      {merchant?.name}
    </Text>
  );
}

/** The signed-in shell: header, navigation of the pages the user may see, and the guarded page. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const main = useFocusOnNavigation();
  const { merchantId, merchant, programs } = useMerchantSession();
  const visible = useVisiblePages();
  return (
    <AppShell
      padding="md"
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'shell.closeNavigation' : 'shell.openNavigation')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Link to={HOME_PATH} className={classes.brandLink}>
              <BrandMark />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <HeaderMerchant />
            <ProgramPicker merchantId={merchantId} programs={programs} />
            <LanguageSwitcher />
            <UserMenu
              merchantName={merchant?.name ?? null}
              accountSettings={visible.has('accountSettings')}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id={NAVBAR_ID}
        p="sm"
        aria-label={t('shell.mainNavigation')}
        className={classes.navbar}
        mod={{ collapsed: !opened }}
      >
        <MainNavigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className={classes.main}>
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </AppShell.Main>
    </AppShell>
  );
}
