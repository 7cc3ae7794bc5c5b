import { Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import classes from './shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * Sign-in, password and callback pages: the brand and the language choice, without navigation. A plain
 * header and main rather than Mantine's AppShell, whose navbar, aside and scroll lock the sign-in form
 * would load without using them (docs/decisions/0025).
 */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <header className={classes.publicHeader}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <BrandMark />
          <LanguageSwitcher />
        </Group>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${classes.main} ${classes.publicMain}`}>
        <Container size="xs" py="xl">
          <Outlet />
        </Container>
      </main>
    </>
  );
}
