import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createI18n } from '../i18n/i18n';
import { LightPasswordField, LightTextField } from './light-fields';
import { useLightForm } from './light-form';

const schema = z.object({ email: z.email(), password: z.string().min(1) });

function SignIn({ onValid }: { readonly onValid: (values: z.infer<typeof schema>) => void }) {
  const { field, handleSubmit } = useLightForm(schema, { email: '', password: '' });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <LightTextField field={field('email')} label="E-mail" required />
      <LightPasswordField field={field('password')} label="Password" required />
      <Button type="submit">Sign in</Button>
    </form>
  );
}

/** A form of one field checked when touched, whose save waits for the test. */
function Forgot({ onValid }: { readonly onValid: () => Promise<void> }) {
  const { field, handleSubmit, isSubmitting } = useLightForm(
    z.object({ email: z.email() }),
    { email: '' },
    { mode: 'onTouched' },
  );
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <LightTextField field={field('email')} label="E-mail" required />
      <Button type="submit" loading={isSubmitting}>
        Send
      </Button>
    </form>
  );
}

async function renderForm(form: 'signIn' | 'forgot' = 'signIn', onValid = vi.fn()) {
  const i18n = await createI18n({ locales: ['en'], onMissingKey: (key) => expect.fail(`missing ${key}`) });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        {form === 'signIn' ? <SignIn onValid={onValid} /> : <Forgot onValid={onValid} />}
      </MantineProvider>
    </I18nextProvider>,
  );
  return onValid;
}

describe('the light form', () => {
  it('checks on submit: translated messages, the first invalid field focused, nothing sent', async () => {
    const onValid = await renderForm();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'not-an-email');
    // Nothing is said before a submit.
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Required.');
  });

  it('checks again on every change after a submit, and hands the valid values over', async () => {
    const onValid = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription('Required.');
    await userEvent.type(password, 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }, expect.anything());
  });

  it('checks a touched field when it loses focus, and sends once while a save runs', async () => {
    let done: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    await renderForm('forgot', onValid);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'ada@');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await userEvent.type(email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true');
    done();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('data-loading');
    });
  });
});
