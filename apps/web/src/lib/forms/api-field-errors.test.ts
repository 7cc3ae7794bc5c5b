import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { applyApiFieldErrors, hasFieldErrors } from './api-field-errors';

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

function refusal(status: number, details: { path: string; message: string }[]) {
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
    );
    expect(errors['root.server']).toEqual({ type: 'server', message: 'Unknown field' });
    expect(Object.keys(errors)).toEqual(['root.server']);
  });

  it('maps paths and messages the form names differently', () => {
    const { form, errors } = fakeForm();
    applyApiFieldErrors(form, refusal(409, [{ path: 'body.emailAddress', message: 'In use' }]), {
      fieldOf: (path) => (path === 'body.emailAddress' ? 'shopper.email' : null),
      messageOf: (_detail, error) => (error.status === 409 ? 'users:errors.emailInUse' : 'forms:email'),
    });
    expect(errors['shopper.email']).toEqual({ type: 'server', message: 'users:errors.emailInUse' });
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
      expect(applyApiFieldErrors(form, failure)).toBe(false);
      expect(hasFieldErrors(failure)).toBe(false);
    }
    expect(errors).toEqual({});
  });
});
