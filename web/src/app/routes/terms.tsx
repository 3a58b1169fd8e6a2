import { Link } from 'react-router';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { InfoPage } from '../../features/site-info/components/info-page';

export default function TermsRoute() {
  return (
    <InfoPage
      eyebrow="Support"
      title="Terms of use"
      lead="By using MediBuddy you agree to these short terms. Please read them: they say what MediBuddy can and cannot do for you."
    >
      <SafetyNotice />
      <section aria-labelledby="terms-information">
        <h2 id="terms-information">Information, not medical advice</h2>
        <p>
          MediBuddy gives general health information and estimates from statistical models. It does not examine you,
          does not know your history and can be wrong. Do not use it to decide on a treatment, and do not delay seeing a
          doctor because of a result. It is meant for adults; a parent or guardian should use it with anyone younger.
        </p>
      </section>
      <section aria-labelledby="terms-you">
        <h2 id="terms-you">Your part</h2>
        <ul>
          <li>Enter values as they appear on your own reports; a result is only as good as what goes in.</li>
          <li>
            Upload only images you have the right to use, and none that show another person without their consent.
          </li>
          <li>Keep your password to yourself, and do not try to break, overload or misuse the service.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-content">
        <h2 id="terms-content">Content and data</h2>
        <p>
          The models and texts are built on data sets made by others, under their own licences; the{' '}
          <Link to="/data-sources">data sources page</Link> credits each one. Medicine information is shown for
          demonstration and may be out of date or not apply in your country: ask a pharmacist before taking anything.
        </p>
      </section>
      <section aria-labelledby="terms-warranty">
        <h2 id="terms-warranty">No warranty</h2>
        <p>
          MediBuddy is provided as it is, without any warranty, by a student team. We may change or stop it at any time.
          See the <Link to="/privacy">privacy page</Link> for what happens to your data.
        </p>
      </section>
    </InfoPage>
  );
}
