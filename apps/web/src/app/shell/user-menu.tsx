import { Button, Menu } from '@mantine/core';
import { PAGES } from '@portal/contracts/routes';
import { IconChevronDown, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The signed-in user's menu; sign-in adds the user's name, access level, merchant and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconUserCircle size={20} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
        >
          {t('userMenu.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={PAGES.accountSettings.path}
          leftSection={<IconSettings size={16} aria-hidden="true" />}
        >
          {t('userMenu.accountSettings')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
