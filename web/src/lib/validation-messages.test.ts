import { SignInRequestSchema, SignUpRequestSchema, VerifyCodeRequestSchema } from '@medibuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { validateForm } from './form';
import { activateLanguage, loadCatalogues } from './i18n';
import './validation-messages';

afterEach(() => activateLanguage('en'));

describe("the shared contracts' zod issues under a field, per language (decision 032)", () => {
  it('keeps the English words exactly', () => {
    const labels = { name: 'Name', email: 'Email', password: 'Password' };
    const result = validateForm(SignUpRequestSchema, { name: 'Ada', email: 'nope', password: 'short' }, labels);
    expect(result.errors).toEqual({
      email: 'Email must be a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('says them in Hindi on a Hindi page: required, too short, e-mail and digits', async () => {
    await loadCatalogues('hi', ['common']);
    activateLanguage('hi');
    const labels = { email: 'ईमेल', password: 'पासवर्ड' };
    expect(
      validateForm(SignInRequestSchema, { email: '', password: '' }, labels, ['email', 'password']).errors,
    ).toEqual({ email: 'ईमेल भरना ज़रूरी है।', password: 'पासवर्ड भरना ज़रूरी है।' });
    const signUp = validateForm(
      SignUpRequestSchema,
      { name: 'Ada', email: 'nope', password: 'short' },
      { name: 'नाम', ...labels },
    );
    expect(signUp.errors).toEqual({
      email: 'ईमेल सही ईमेल पता होना चाहिए, जैसे name@example.org।',
      password: 'पासवर्ड में कम से कम 8 अक्षर होने चाहिए।',
    });
    const code = validateForm(
      VerifyCodeRequestSchema,
      { email: 'a@example.org', code: '12' },
      { email: 'ईमेल', code: 'OTP' },
    );
    expect(code.errors).toEqual({ code: 'OTP में ठीक 6 अंक होने चाहिए।' });
  });
});
