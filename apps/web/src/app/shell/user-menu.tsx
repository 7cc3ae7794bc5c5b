import { Button, Menu, NavLink, Stack, Text } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { PAGES } from '@portal/contracts/routes';
import { accessLevel } from '@portal/contracts/scopes';
import {
  IconBuildingStore,
  IconCheck,
  IconChevronDown,
  IconLanguage,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { chooseLanguage } from '../../lib/i18n/i18n-instance';
import { usePublicConfig } from '../../lib/public-config';

export interface UserMenuProps {
  /** The current merchant's name; null before one is chosen or while it loads. */
  readonly merchantName: string | null;
  /** Whether the account settings may be opened (the same decision as the navigation's). */
  readonly accountSettings: boolean;
}

const ACCESS_LEVEL_KEYS = { READ: 'userMenu.accessRead', 'READ/WRITE': 'userMenu.accessReadWrite' } as const;

/**
 * The signed-in user's menu: who they are, their access level (READ or READ/WRITE, specification §6),
 * the merchant, the account settings, the language and signing out. Mantine's menu gives the keyboard
 * behaviour of a menu button: Enter or Space opens it, the arrow keys move, Escape closes it.
 */
export function UserMenu({ merchantName, accountSettings }: UserMenuProps) {
  const { t, i18n } = useTranslation('session');
  const { locales } = usePublicConfig();
  const { claims, signOut } = useAuth();
  if (!claims) return null;
  const level = accessLevel(claims.scp);
  return (
    <Menu position="bottom-end" withinPortal width={280}>
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconUserCircle size={20} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
          aria-label={t('userMenu.label', { email: claims.sub })}
        >
          <Text component="span" visibleFrom="sm" inherit truncate maw={200}>
            {claims.sub}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('userMenu.signedInAs')}</Menu.Label>
        <Text px="sm" size="sm" fw={600} truncate>
          {claims.sub}
        </Text>
        <Text px="sm" pb="xs" size="sm">
          {t('userMenu.accessLevel', { level: t(ACCESS_LEVEL_KEYS[level]) })}
        </Text>
        {merchantName !== null && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('userMenu.merchant')}</Menu.Label>
            <Text px="sm" pb="xs" size="sm" truncate>
              <IconBuildingStore size={14} aria-hidden="true" /> {merchantName}
            </Text>
          </>
        )}
        <Menu.Divider />
        {accountSettings && (
          <Menu.Item
            component={Link}
            to={PAGES.accountSettings.path}
            leftSection={<IconSettings size={16} aria-hidden="true" />}
          >
            {t('userMenu.accountSettings')}
          </Menu.Item>
        )}
        {locales.length > 1 && (
          <>
            <Menu.Label>{t('userMenu.language')}</Menu.Label>
            {locales.map((locale: Locale) => (
              <Menu.Item
                key={locale}
                lang={locale}
                leftSection={<IconLanguage size={16} aria-hidden="true" />}
                rightSection={locale === i18n.language ? <IconCheck size={16} aria-hidden="true" /> : null}
                aria-current={locale === i18n.language ? 'true' : undefined}
                onClick={() => {
                  void chooseLanguage(i18n, locale);
                }}
              >
                {/* Named in itself by every language's file (resources.test.ts): the other is not loaded yet. */}
                {t(`language.${locale}`, { ns: 'common' })}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The account on a phone, at the foot of the navigation drawer, where the header's menu does not fit:
 * who is signed in, their access level, and signing out in one tap. The account settings are among the
 * drawer's pages and the language is in the header.
 */
export function AccountPanel() {
  const { t } = useTranslation('session');
  const { claims, signOut } = useAuth();
  if (!claims) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" px="sm">
        {t('userMenu.signedInAs')}
      </Text>
      <Text size="sm" px="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {claims.sub}
      </Text>
      <Text size="sm" px="sm" pb="xs">
        {t('userMenu.accessLevel', { level: t(ACCESS_LEVEL_KEYS[accessLevel(claims.scp)]) })}
      </Text>
      <NavLink
        component="button"
        label={t('userMenu.signOut')}
        leftSection={<IconLogout size={20} aria-hidden="true" />}
        onClick={() => void signOut()}
      />
    </Stack>
  );
}
