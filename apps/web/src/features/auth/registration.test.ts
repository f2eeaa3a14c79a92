import { accountMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { registerSteps, validateFinalStep, type FinalStepValues } from './registration.ts';

const complete: FinalStepValues = {
  name: 'Mia Rose',
  email: 'mia@example.com',
  password: 'long-enough',
  passwordConfirmation: 'long-enough',
  phone: '+1 555 0100',
  terms: true,
};

describe('registration steps (accounts.md §2)', () => {
  it('has type, username, sex, final and verify for a model', () => {
    expect(registerSteps('model')).toEqual(['type', 'username', 'sex', 'final', 'verify']);
  });

  it('has type, preference, final and verify for a user', () => {
    expect(registerSteps('user')).toEqual(['type', 'preference', 'final', 'verify']);
  });
});

describe('final step rules (accounts.md §5), in order', () => {
  const cases: [string, Partial<FinalStepValues>, string][] = [
    ['any of name, email, password or confirmation is empty', { name: '  ' }, accountMessages.fillAllFields],
    ['the confirmation is empty', { passwordConfirmation: '' }, accountMessages.fillAllFields],
    ['the email is not an address', { email: 'mia@example' }, accountMessages.invalidEmailAddress],
    ['the passwords differ', { passwordConfirmation: 'long-enougH' }, accountMessages.passwordsDoNotMatch],
    ['the password is shorter than 8', { password: 'short', passwordConfirmation: 'short' }, accountMessages.passwordTooShort],
    ['a model gives no phone number (3 characters or fewer)', { phone: '123' }, accountMessages.phoneRequired],
    ['a model does not accept the terms', { terms: false }, accountMessages.termsRequired],
  ];

  it.each(cases)('says so when %s', (_, change, message) => {
    expect(validateFinalStep('model', { ...complete, ...change })?.message).toBe(message);
  });

  it('checks the email before the passwords', () => {
    const result = validateFinalStep('model', { ...complete, email: 'x', password: 'a', passwordConfirmation: 'b' });
    expect(result).toEqual({ field: 'email', message: accountMessages.invalidEmailAddress });
  });

  it('asks a user for neither phone nor terms', () => {
    expect(validateFinalStep('user', { ...complete, phone: '', terms: false })).toBeNull();
  });

  it('accepts a complete model registration', () => {
    expect(validateFinalStep('model', complete)).toBeNull();
  });
});
