import type { ErrorDetail } from '@portal/contracts/api';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import frCa from '../../locales/fr-CA/errors.json';
import { ApiError, type ApiRefusal } from '../http/api-error';
import { translateRefusal } from '../http/refusal-text';
import { applyApiFieldErrors, hasFieldErrors } from './api-field-errors';

/** No translation: a refusal shows as its English message. */
const english = (_refusal: ApiRefusal, fallback: string) => fallback;

interface Values {
  name: string;
  shopper: { email: string };
}

const VALUES: Values = { name: '', shopper: { email: '' } };

/** A form's setError and getValues, keeping what was set. */
function fakeForm() {
  const errors: Record<string, { type: string; message?: string } | undefined> = {};
  const focused: string[] = [];
  const form = {
    getValues: (path: string) =>
      path
        .split('.')
        .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], VALUES),
    setError: (
      name: string,
      error: { type: string; message?: string },
      options?: { shouldFocus?: boolean },
    ) => {
      errors[name] = error;
      if (options?.shouldFocus === true) focused.push(name);
    },
  };
  return { form: form as unknown as Parameters<typeof applyApiFieldErrors<Values>>[0], errors, focused };
}

function refusal(status: number, details: ErrorDetail[]) {
  return new ApiError({
    status,
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid',
    details,
    requestId: 'r',
  });
}

describe('applyApiFieldErrors', () => {
  it('puts each detail next to the field its path names, focusing the first', () => {
    const { form, errors, focused } = fakeForm();
    const applied = applyApiFieldErrors(
      form,
      refusal(400, [
        { path: 'body.shopper.email', message: 'carts:validation.email' },
        { path: 'body.name', message: 'Too long' },
      ]),
      english,
    );
    expect(applied).toBe(true);
    expect(errors['shopper.email']).toEqual({ type: 'server', message: 'carts:validation.email' });
    expect(errors.name).toEqual({ type: 'server', message: 'Too long' });
    expect(focused).toEqual(['shopper.email']);
  });

  it('keeps a detail that names no field of the form for the form as a whole', () => {
    const { form, errors } = fakeForm();
    applyApiFieldErrors(
      form,
      refusal(422, [
        { path: 'body', message: 'The total is too large' },
        { path: 'body.unknownField', message: 'Unknown field' },
      ]),
      english,
    );
    expect(errors['root.server']).toEqual({ type: 'server', message: 'Unknown field' });
    expect(Object.keys(errors)).toEqual(['root.server']);
  });

  it('maps paths and messages the form names differently', () => {
    const { form, errors } = fakeForm();
    applyApiFieldErrors(form, refusal(409, [{ path: 'body.emailAddress', message: 'In use' }]), english, {
      fieldOf: (path) => (path === 'body.emailAddress' ? 'shopper.email' : null),
      messageOf: (_detail, error) => (error.status === 409 ? 'users:errors.emailInUse' : 'forms:email'),
    });
    expect(errors['shopper.email']).toEqual({ type: 'server', message: 'users:errors.emailInUse' });
  });

  it("shows a field's refusal in the user's language, its English message when the code is unknown", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'fr-CA',
      resources: { 'fr-CA': { errors: frCa } },
      ns: ['errors'],
      interpolation: { escapeValue: false },
    });
    const french = (refusal: ApiRefusal, fallback: string) =>
      translateRefusal(i18n.t, 'fr-CA', refusal, fallback);
    const { form, errors } = fakeForm();
    applyApiFieldErrors(
      form,
      refusal(409, [
        {
          path: 'body.shopper.email',
          message: 'This e-mail is already in use',
          reason: 'user.email_taken',
          params: {},
        },
      ]),
      french,
    );
    expect(errors['shopper.email']?.message).toBe('Cette adresse courriel est déjà utilisée.');
    applyApiFieldErrors(
      form,
      refusal(422, [
        {
          path: 'body.name',
          message: 'Choose today or a later date',
          reason: 'enrollment.start_today_or_later',
          params: {},
        },
        { path: 'body', message: 'Something new', reason: 'some.future_code', params: {} },
      ]),
      french,
    );
    expect(errors.name?.message).toBe("Choisissez aujourd'hui ou une date ultérieure.");
    expect(errors['root.server']?.message).toBe('Something new');
  });

  it('leaves the form alone for a failure without field errors', () => {
    const { form, errors } = fakeForm();
    const failures = [
      new Error('offline'),
      refusal(400, []),
      refusal(500, [{ path: 'body.name', message: 'x' }]),
      new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'No answer', requestId: 'r' }),
    ];
    for (const failure of failures) {
      expect(applyApiFieldErrors(form, failure, english)).toBe(false);
      expect(hasFieldErrors(failure)).toBe(false);
    }
    expect(errors).toEqual({});
  });
});
