import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalToken, renderWithAuth } from '../auth/test-utils';
import { ApiError } from '../http/api-error';
import { setToken } from '../storage/portal-storage';
import { FormGuard, useFormDraft } from './form-guard';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const CLAIMS = { scp: [], cid: MERCHANT, tenantID: 't', sub: 's', uid: 'user-1', merchantID: MERCHANT };

let answer: () => Promise<void> = () => Promise.resolve();

/** A form of the pattern: one text and one amount not typed yet (NaN), a draft and the guard. */
function NoteForm() {
  const form = useForm({ defaultValues: { note: '', amount: Number.NaN } });
  const draft = useFormDraft(form, 'note');
  const submit = form.handleSubmit(async () => {
    await draft.saving(answer).catch(() => undefined);
  });
  return (
    <form onSubmit={(event) => void submit(event)}>
      <TextInput label="Note" {...form.register('note')} />
      <Button type="submit">Save</Button>
      <FormGuard control={form.control} />
    </form>
  );
}

const routes = [
  { path: '/note', element: <NoteForm /> },
  { path: '/elsewhere', element: <h1>Elsewhere</h1> },
];

const refused = (status: number) => () =>
  Promise.reject(new ApiError({ status, code: 'X', message: 'No', requestId: 'r' }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setToken(portalToken(CLAIMS));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the form guard', () => {
  it('asks before leaving a half-filled form through the router, and leaves an untouched one', async () => {
    const first = await renderWithAuth({ routes, path: '/note' });
    void first.router.navigate('/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    first.unmount();

    const { user, router } = await renderWithAuth({ routes, path: '/note' });
    await user.type(screen.getByLabelText('Note'), 'Half');
    void router.navigate('/elsewhere');
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => {
      expect(question).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/note');
    expect(screen.getByLabelText('Note')).toHaveValue('Half');
  });

  it('keeps what was typed when the session ends on submit, and gives it back after signing in again', async () => {
    answer = refused(401);
    const first = await renderWithAuth({ routes, path: '/note' });
    await first.user.type(screen.getByLabelText('Note'), 'Keep me');
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(Object.keys(sessionStorage)).toEqual([`portal.formDraft.note.user-1.${MERCHANT}`]);
    });
    first.unmount();

    const { router } = await renderWithAuth({ routes, path: '/note' });
    await waitFor(() => {
      expect(screen.getByLabelText('Note')).toHaveValue('Keep me');
    });
    expect(
      await screen.findByText('What you typed before your session ended is back. Check it, then save.'),
    ).toBeInTheDocument();
    // Given back once, and still unsaved: leaving asks.
    expect(sessionStorage.length).toBe(0);
    void router.navigate('/elsewhere');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });

  it('keeps no draft after a save that worked or was refused for another reason', async () => {
    for (const outcome of [() => Promise.resolve(), refused(400)]) {
      answer = outcome;
      const view = await renderWithAuth({ routes, path: '/note' });
      await view.user.type(screen.getByLabelText('Note'), 'Gone');
      await view.user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        expect(sessionStorage.length).toBe(0);
      });
      view.unmount();
    }
  });
});
