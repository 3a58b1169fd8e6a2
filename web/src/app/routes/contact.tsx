import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useUnsubscribeFromNewsletter } from '../../features/newsletter/api/subscribe';
import { EmailForm } from '../../features/newsletter/components/email-form';
import { InfoPage } from '../../features/site-info/components/info-page';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';

export default function ContactRoute() {
  const { user } = useSession();
  const unsubscribe = useUnsubscribeFromNewsletter();

  return (
    <InfoPage eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')}>
      <section
        aria-labelledby="contact-emergency"
        className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-950"
      >
        <h2 id="contact-emergency">{t('contact.emergencyHeading')}</h2>
        <p>{t('contact.emergency')}</p>
      </section>
      <section aria-labelledby="contact-message">
        <h2 id="contact-message">{t('contact.messageHeading')}</h2>
        {user ? (
          <p>
            {richText('contact.messageSignedIn', {
              profile: <Link to="/user-profile">{t('contact.yourProfile')}</Link>,
            })}
          </p>
        ) : (
          <p>
            {richText('contact.messageVisitor', {
              signIn: <Link to="/login">{t('contact.signIn')}</Link>,
              signUp: <Link to="/signup">{t('contact.signUp')}</Link>,
              resetPassword: <Link to="/forgotPassword">{t('contact.resetPassword')}</Link>,
            })}
          </p>
        )}
      </section>
      <section id="unsubscribe" aria-labelledby="contact-unsubscribe">
        <h2 id="contact-unsubscribe">{t('contact.unsubscribeHeading')}</h2>
        <EmailForm
          label={t('contact.unsubscribeLabel')}
          buttonText={t('contact.unsubscribe')}
          busyText={t('contact.unsubscribing')}
          hint={t('contact.unsubscribeHint')}
          tone="light"
          isPending={unsubscribe.isPending}
          send={(email) => unsubscribe.mutateAsync({ email })}
          successFallback={t('contact.unsubscribed')}
          failureFallback={t('contact.unsubscribeFailed')}
        />
      </section>
    </InfoPage>
  );
}
