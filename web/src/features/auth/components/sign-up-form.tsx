import { NAME_MAX } from '@medibuddy/contracts/forms';
import type { AuthResponse } from '@medibuddy/contracts';
import { TextField } from '../../../components/ui/text-field';
import { fieldMessage } from '../../../lib/form';
import { t } from '../../../lib/i18n';
import { useSignUp } from '../api/sign-up';
import { AccountForm } from './account-form';
import { EmailField, PasswordField } from './auth-fields';

type Field = 'name' | 'email' | 'password';
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

type SignUpFormProps = {
  onSignedUp: (response: AuthResponse) => void;
  headingId: string;
};

export function SignUpForm({ onSignedUp, headingId }: SignUpFormProps) {
  const labels: Record<Field, string> = {
    name: t('field.name'),
    email: t('field.email'),
    password: t('field.password'),
  };
  return (
    <AccountForm
      name={t('signUp.form')}
      heading={t('signUp.heading')}
      headingId={headingId}
      intro={t('signUp.intro')}
      fields={FIELDS}
      labels={labels}
      schema={(contracts) => contracts.SignUpRequestSchema}
      mutation={useSignUp()}
      onDone={onSignedUp}
      // An address already registered belongs under the Email field, in the server's words.
      moreFieldErrors={(error) =>
        error.code === 'email_taken' ? { email: fieldMessage(labels.email, error.detail) } : {}
      }
      failureMessage={t('signUp.failed')}
      submitLabel={t('signUp.submit')}
      loadingText={t('signUp.busy')}
    >
      {(errors) => (
        <>
          <TextField
            label={labels.name}
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX}
            error={errors.name}
          />
          <EmailField error={errors.email} />
          <PasswordField label={labels.password} name="password" purpose="new" error={errors.password} />
        </>
      )}
    </AccountForm>
  );
}
