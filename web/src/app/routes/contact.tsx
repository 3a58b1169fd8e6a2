import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useUnsubscribeFromNewsletter } from '../../features/newsletter/api/subscribe';
import { EmailForm } from '../../features/newsletter/components/email-form';
import { InfoPage } from '../../features/site-info/components/info-page';

export default function ContactRoute() {
  const { user } = useSession();
  const unsubscribe = useUnsubscribeFromNewsletter();

  return (
    <InfoPage
      eyebrow="Company"
      title="Contact"
      lead="MediBuddy cannot answer medical questions about you in person. For anything about the app itself, here is how to reach us."
    >
      <section
        aria-labelledby="contact-emergency"
        className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-950"
      >
        <h2 id="contact-emergency">In an emergency</h2>
        <p>
          Call your local emergency number now (for example 112 in Europe, 911 in North America, 999 in the UK). Do not
          wait for an answer from MediBuddy.
        </p>
      </section>
      <section aria-labelledby="contact-message">
        <h2 id="contact-message">Questions, problems and requests</h2>
        {user ? (
          <p>
            Send us a message with the Feedback box on <Link to="/user-profile">your profile</Link>. The team reads
            every message. To have your account and its data deleted, say so there.
          </p>
        ) : (
          <p>
            <Link to="/login">Sign in</Link> (or <Link to="/signup">create an account</Link>) and send us a message with
            the Feedback box on your profile. The team reads every message. Locked out?{' '}
            <Link to="/forgotPassword">Reset your password</Link> with a code sent to your email.
          </p>
        )}
      </section>
      <section id="unsubscribe" aria-labelledby="contact-unsubscribe">
        <h2 id="contact-unsubscribe">Unsubscribe from MediBuddy news</h2>
        <EmailForm
          label="Email address to take off the list"
          buttonText="Unsubscribe"
          busyText="Unsubscribing..."
          hint="We stop sending news to this address straight away."
          tone="light"
          isPending={unsubscribe.isPending}
          send={(email) => unsubscribe.mutateAsync({ email })}
          successFallback="That address is not on the news list any more."
          failureFallback="We could not unsubscribe that address. Please try again."
        />
      </section>
    </InfoPage>
  );
}
