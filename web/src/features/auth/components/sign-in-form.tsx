import type { AuthResponse } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';
import { useSignIn } from '../api/sign-in';
import { AccountForm } from './account-form';
import { EmailField, PasswordField } from './auth-fields';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

type SignInFormProps = {
  onSignedIn: (response: AuthResponse) => void;
  headingId: string;
};

export function SignInForm({ onSignedIn, headingId }: SignInFormProps) {
  const labels: Record<Field, string> = { email: t('field.email'), password: t('field.password') };
  return (
    <AccountForm
      name={t('signIn.form')}
      heading={t('signIn.heading')}
      headingId={headingId}
      intro={t('signIn.intro')}
      fields={FIELDS}
      labels={labels}
      schema={(contracts) => contracts.SignInRequestSchema}
      mutation={useSignIn()}
      onDone={onSignedIn}
      // A wrong password is one sentence from the server ("The email or password is incorrect.").
      failureMessage={t('signIn.failed')}
      submitLabel={t('signIn.submit')}
      loadingText={t('signIn.busy')}
    >
      {(errors) => (
        <>
          <EmailField error={errors.email} />
          <PasswordField label={labels.password} name="password" purpose="sign-in" error={errors.password} />
          <Link
            to="/forgotPassword"
            className="self-start rounded text-sm font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            {t('signIn.forgot')}
          </Link>
        </>
      )}
    </AccountForm>
  );
}
