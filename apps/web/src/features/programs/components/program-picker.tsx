import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import type { Program } from '@portal/contracts/programs';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedProgramIds, useProgramSelection } from '../program-selection';

export interface ProgramPickerProps {
  readonly merchantId: string;
  readonly programs: readonly Program[];
}

/**
 * The header's choice of the programs whose data the pages show (specification §3). A merchant with
 * one program has nothing to choose. At least one program stays selected.
 */
export function ProgramPicker({ merchantId, programs }: ProgramPickerProps) {
  const { t } = useTranslation('session');
  const [selection, setSelection] = useProgramSelection(merchantId);
  const groupId = useId();
  if (programs.length < 2) return null;

  const ids = programs.map((program) => program.id);
  const selected = new Set(selectedProgramIds(selection, ids));
  const toggle = (id: string, checked: boolean) => {
    const next = ids.filter((other) => (other === id ? checked : selected.has(other)));
    setSelection(
      next.length === ids.length
        ? { programs: [], allProgramsSelected: true }
        : { programs: next, allProgramsSelected: false },
    );
  };

  return (
    <Popover position="bottom-end" trapFocus withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
          {selection.allProgramsSelected
            ? t('programs.all')
            : t('programs.some', { selected: selected.size, total: ids.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={groupId}>
          <span id={groupId} hidden>
            {t('programs.label')}
          </span>
          <Checkbox
            label={t('programs.all')}
            checked={selection.allProgramsSelected}
            // Narrowing starts from every program by unticking some; "all" cannot be unticked itself.
            disabled={selection.allProgramsSelected}
            onChange={() => {
              setSelection({ programs: [], allProgramsSelected: true });
            }}
          />
          {programs.map((program) => {
            const checked = selected.has(program.id);
            return (
              <Checkbox
                key={program.id}
                label={program.name}
                checked={checked}
                disabled={checked && selected.size === 1}
                onChange={(event) => {
                  toggle(program.id, event.currentTarget.checked);
                }}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
