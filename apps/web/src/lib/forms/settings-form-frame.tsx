import { Alert, Button, Fieldset, Group, Loader, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { ErrorMessageBox } from '../../components/error-message-box';
import { FormError } from './fields';
import { FormGuard } from './form-guard';
import type { SettingsForm } from './use-settings-form';

interface SettingsFormFrameProps<Input extends FieldValues, Output> {
  readonly settings: SettingsForm<Input, Output>;
  readonly submitLabel: string;
  /** The load failed: shown with a retry instead of the form. */
  readonly loadError?: { readonly error: unknown; readonly retry: () => void } | undefined;
  /** More buttons after the save button (each calls `settings.submitWith`), hidden when read-only. */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

/**
 * A settings form: its fields, a refusal naming no field, the save button and the unsaved-changes guard.
 * Read-only (`useSettingsForm`'s `readOnly`), the same fields are shown disabled under a note saying
 * why, with no save button and no guard, since nothing can be changed.
 */
export function SettingsFormFrame<Input extends FieldValues, Output>({
  settings: { form, submit, loading, readOnly },
  submitLabel,
  loadError,
  actions,
  children,
}: SettingsFormFrameProps<Input, Output>) {
  const { t } = useTranslation(['common', 'forms']);
  if (loadError !== undefined) return <ErrorMessageBox error={loadError.error} onRetry={loadError.retry} />;
  if (loading) return <Loader size="sm" aria-label={t('loading')} />;
  if (readOnly) {
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
          {t('forms:readOnly')}
        </Alert>
        {/* A disabled fieldset disables every control inside it, whichever input each field uses. */}
        <Fieldset variant="unstyled" disabled p={0} m={0}>
          <Stack gap="md">{children}</Stack>
        </Fieldset>
      </Stack>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {children}
        <FormError control={form.control} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
      <FormGuard control={form.control} />
    </form>
  );
}
