import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconColumns } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnPreferencesApi } from './column-preferences';

export interface ColumnChooserProps {
  /** Every column the list has, with its header text. */
  readonly columns: readonly { readonly id: string; readonly header: string }[];
  readonly preferences: ColumnPreferencesApi;
}

/** Shows, hides and orders a list's columns; the choice is remembered per list (useColumnPreferences). */
export function ColumnChooser({ columns, preferences }: ColumnChooserProps) {
  const { t } = useTranslation('lists');
  const titleId = useId();
  const headers = new Map(columns.map((column) => [column.id, column.header]));
  const visibleCount = preferences.order.length - preferences.hidden.size;

  return (
    <Popover position="bottom-end" trapFocus withinPortal shadow="md" width={300}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden="true" />}>
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={titleId}>
          <Text id={titleId} fw={600} size="sm">
            {t('columns.title')}
          </Text>
          {preferences.order.map((id, index) => {
            const header = headers.get(id) ?? id;
            const visible = !preferences.hidden.has(id);
            return (
              <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={header}
                  checked={visible}
                  // The last visible column stays: a table of no columns has nothing to bring one back.
                  disabled={visible && visibleCount === 1}
                  onChange={(event) => {
                    preferences.setVisible(id, event.currentTarget.checked);
                  }}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('columns.moveUp', { column: header })}
                    disabled={index === 0}
                    onClick={() => {
                      preferences.move(id, -1);
                    }}
                  >
                    <IconChevronUp size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('columns.moveDown', { column: header })}
                    disabled={index === preferences.order.length - 1}
                    onClick={() => {
                      preferences.move(id, 1);
                    }}
                  >
                    <IconChevronDown size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Button variant="subtle" size="xs" disabled={!preferences.customized} onClick={preferences.reset}>
            {t('columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
