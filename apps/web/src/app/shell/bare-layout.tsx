import { AppShell, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import classes from './shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

/**
 * Signed in, before the pages can show (no merchant chosen yet, programs loading): the brand, the
 * language and the user menu, so that signing out is always within reach.
 */
export function BareLayout({ children }: { readonly children: ReactNode }) {
  return (
    <AppShell padding="md" header={{ height: 60 }}>
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <BrandMark />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <UserMenu merchantName={null} accountSettings={false} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
