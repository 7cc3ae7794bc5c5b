import { AppShell, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import classes from './shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Sign-in, password and callback pages: the brand and the language choice, without navigation. */
export function PublicLayout() {
  return (
    <AppShell padding="md" header={{ height: 60 }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <BrandMark />
          <LanguageSwitcher />
        </Group>
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size="xs" py="xl">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
