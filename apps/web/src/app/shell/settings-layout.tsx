import { Box, Flex, NavLink, Text } from '@mantine/core';
import { PAGES, SETTINGS_PAGES, type PageName } from '@portal/contracts/routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useCurrentPage } from '../current-page';
import classes from './shell.module.css';
import { useVisiblePages } from './use-visible-pages';

// /account-settings shows the general settings page (specification §2).
const shownAs = (page: PageName | undefined) => (page === 'accountSettings' ? 'generalSettings' : page);

/** The account-settings shell: its own list of the settings pages the user may see, beside the page. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const visible = useVisiblePages();
  const current = shownAs(useCurrentPage());
  const headingId = useId();
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="xl">
      <Box component="nav" aria-labelledby={headingId} className={classes.settingsNav}>
        <Text id={headingId} fw={700} mb="xs">
          {t('shell.settingsNavigation')}
        </Text>
        {SETTINGS_PAGES.filter((page) => visible.has(page)).map((page) => (
          <NavLink
            key={page}
            component={Link}
            to={PAGES[page].path}
            label={t(`${page}.title`, { ns: 'pages' })}
            active={page === current}
            aria-current={page === current ? 'page' : undefined}
          />
        ))}
      </Box>
      <Box flex={1} miw={0}>
        <Outlet />
      </Box>
    </Flex>
  );
}
