import { Box, Button, Collapse, Flex, NavLink, Text } from '@mantine/core';
import { PAGES, SETTINGS_PAGES, type PageName } from '@portal/contracts/routes';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useCurrentPage } from '../current-page';
import classes from './shell.module.css';
import { useNarrowerThan } from './use-narrower-than';
import { useVisiblePages } from './use-visible-pages';

// /account-settings shows the general settings page (specification §2).
const shownAs = (page: PageName | undefined) => (page === 'accountSettings' ? 'generalSettings' : page);

/**
 * The account-settings shell: its own list of the settings pages the user may see, beside the page. Where
 * the list would stand above the page (below the md breakpoint) it folds behind a button naming the
 * current page, so that the page's form starts on the first screen of a phone.
 */
export function SettingsLayout() {
  const { t } = useTranslation();
  const visible = useVisiblePages();
  const current = shownAs(useCurrentPage());
  const headingId = useId();
  const listId = useId();
  const folds = useNarrowerThan('md');
  const [unfolded, setUnfolded] = useState(false);
  const title = (page: PageName) => t(`${page}.title`, { ns: 'pages' });
  const links = SETTINGS_PAGES.filter((page) => visible.has(page)).map((page) => (
    <NavLink
      key={page}
      component={Link}
      to={PAGES[page].path}
      label={title(page)}
      active={page === current}
      aria-current={page === current ? 'page' : undefined}
      onClick={() => {
        setUnfolded(false);
      }}
    />
  ));
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={folds ? 'md' : 'xl'}>
      <Box component="nav" aria-labelledby={headingId} className={classes.settingsNav}>
        <Text id={headingId} fw={700} mb="xs">
          {t('shell.settingsNavigation')}
        </Text>
        {folds ? (
          <>
            <Button
              variant="default"
              fullWidth
              justify="space-between"
              rightSection={
                unfolded ? (
                  <IconChevronUp size={16} aria-hidden="true" />
                ) : (
                  <IconChevronDown size={16} aria-hidden="true" />
                )
              }
              aria-expanded={unfolded}
              aria-controls={listId}
              onClick={() => {
                setUnfolded((was) => !was);
              }}
            >
              {current === undefined ? t('shell.settingsNavigation') : title(current)}
            </Button>
            <Collapse expanded={unfolded} keepMounted={false} id={listId} pt="xs">
              {links}
            </Collapse>
          </>
        ) : (
          links
        )}
      </Box>
      <Box flex={1} miw={0}>
        <Outlet />
      </Box>
    </Flex>
  );
}
