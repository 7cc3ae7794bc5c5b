import { Button, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { ErrorMessageBox } from '../../components/error-message-box';
import { FormError } from './fields';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import type { SettingsForm } from './use-settings-form';

interface SettingsFormFrameProps<Input extends FieldValues, Output> {
  readonly settings: SettingsForm<Input, Output>;
  readonly submitLabel: string;
  /** The load failed: shown with a retry instead of the form. */
  readonly loadError?: { readonly error: unknown; readonly retry: () => void } | undefined;
  readonly children: ReactNode;
}

/** A settings form: its fields, a refusal naming no field, the save button and the unsaved-changes guard. */
export function SettingsFormFrame<Input extends FieldValues, Output>({
  settings: { form, submit, loading, dirty },
  submitLabel,
  loadError,
  children,
}: SettingsFormFrameProps<Input, Output>) {
  const { t } = useTranslation('common');
  if (loadError !== undefined) return <ErrorMessageBox error={loadError.error} onRetry={loadError.retry} />;
  if (loading) return <Loader size="sm" aria-label={t('loading')} />;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {children}
        <FormError control={form.control} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesGuard when={dirty} />
    </form>
  );
}
