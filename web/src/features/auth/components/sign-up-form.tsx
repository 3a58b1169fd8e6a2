import { NAME_MAX } from '@medibuddy/contracts/forms';
import type { AuthResponse } from '@medibuddy/contracts';
import { TextField } from '../../../components/ui/text-field';
import { fieldMessage } from '../../../lib/form';
import { useSignUp } from '../api/sign-up';
import { AccountForm } from './account-form';
import { EmailField, PasswordField } from './auth-fields';

const LABELS = { name: 'Name', email: 'Email', password: 'Password' } as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

type SignUpFormProps = {
  onSignedUp: (response: AuthResponse) => void;
  headingId: string;
};

export function SignUpForm({ onSignedUp, headingId }: SignUpFormProps) {
  return (
    <AccountForm
      name="Sign up form"
      heading="Create Account"
      headingId={headingId}
      intro="It takes a minute. All fields are required."
      fields={FIELDS}
      labels={LABELS}
      schema={(contracts) => contracts.SignUpRequestSchema}
      mutation={useSignUp()}
      onDone={onSignedUp}
      // An address already registered belongs under the Email field, in the server's words.
      moreFieldErrors={(error) =>
        error.code === 'email_taken' ? { email: fieldMessage(LABELS.email, error.detail) } : {}
      }
      failureMessage="We could not create your account. Please try again."
      submitLabel="Sign Up"
      loadingText="Creating account..."
    >
      {(errors) => (
        <>
          <TextField
            label={LABELS.name}
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX}
            error={errors.name}
          />
          <EmailField error={errors.email} />
          <PasswordField label={LABELS.password} name="password" purpose="new" error={errors.password} />
        </>
      )}
    </AccountForm>
  );
}
