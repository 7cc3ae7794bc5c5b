import { AppShell, Burger, Divider, Group, Stack, Text } from '@mantine/core';
import { HOME_PATH } from '@portal/contracts/routes';
import { useEffect, useRef, useState } from 'react';
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
import { useNarrowerThan } from './use-narrower-than';
import { AccountPanel, UserMenu } from './user-menu';

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
function CurrentMerchant() {
  const { claims, merchantId, merchant } = useMerchantSession();
  if (canSwitchMerchant(claims)) {
    return <MerchantSwitcher merchantId={merchantId} merchantName={merchant?.name ?? null} />;
  }
  return (
    <Text component="span" fw={600} truncate maw={260}>
      {merchant?.name}
    </Text>
  );
}

/** The signed-in shell: header, navigation of the pages the user may see, and the guarded page. */
export function AppLayout() {
  const { t } = useTranslation();
  const main = useFocusOnNavigation();
  const { merchantId, merchant, programs } = useMerchantSession();
  // The drawer is open for one merchant: switching from it closes it, onto the new merchant's page.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const opened = openedFor === merchantId;
  const toggle = () => {
    setOpenedFor(opened ? null : merchantId);
  };
  const close = () => {
    setOpenedFor(null);
  };
  const visible = useVisiblePages();
  // A phone's header has room for the navigation button, the brand and the language only: the merchant,
  // the programs and the account move to the top and the foot of the navigation drawer.
  const phone = useNarrowerThan('sm');
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
            {!phone && <CurrentMerchant />}
            {!phone && <ProgramPicker merchantId={merchantId} programs={programs ?? []} />}
            <LanguageSwitcher />
            {!phone && (
              <UserMenu
                merchantName={merchant?.name ?? null}
                accountSettings={visible.has('accountSettings')}
              />
            )}
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
        {phone ? (
          <Stack gap="sm">
            <Group gap="xs">
              <CurrentMerchant />
              <ProgramPicker merchantId={merchantId} programs={programs ?? []} />
            </Group>
            <Divider />
            <MainNavigation onNavigate={close} />
            <Divider />
            <AccountPanel />
          </Stack>
        ) : (
          <MainNavigation onNavigate={close} />
        )}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className={classes.main}>
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </AppShell.Main>
    </AppShell>
  );
}
