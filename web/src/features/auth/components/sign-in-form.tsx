import type { AuthResponse } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { useSignIn } from '../api/sign-in';
import { AccountForm } from './account-form';
import { EmailField, PasswordField } from './auth-fields';

const LABELS = { email: 'Email', password: 'Password' } as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['email', 'password'];

type SignInFormProps = {
  onSignedIn: (response: AuthResponse) => void;
  headingId: string;
};

export function SignInForm({ onSignedIn, headingId }: SignInFormProps) {
  return (
    <AccountForm
      name="Sign in form"
      heading="Sign In"
      headingId={headingId}
      intro="Welcome back. Sign in with your email and password."
      fields={FIELDS}
      labels={LABELS}
      schema={(contracts) => contracts.SignInRequestSchema}
      mutation={useSignIn()}
      onDone={onSignedIn}
      // A wrong password is one sentence from the server ("The email or password is incorrect.").
      failureMessage="We could not sign you in. Please try again."
      submitLabel="Sign In"
      loadingText="Signing in..."
    >
      {(errors) => (
        <>
          <EmailField error={errors.email} />
          <PasswordField label={LABELS.password} name="password" purpose="sign-in" error={errors.password} />
          <Link
            to="/forgotPassword"
            className="self-start rounded text-sm font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            Forget Your Password?
          </Link>
        </>
      )}
    </AccountForm>
  );
}
