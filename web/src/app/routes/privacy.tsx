import { Link } from 'react-router';
import { InfoPage } from '../../features/site-info/components/info-page';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';

export default function PrivacyRoute() {
  return (
    <InfoPage eyebrow={t('privacy.eyebrow')} title={t('privacy.title')} lead={t('privacy.lead')}>
      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">{t('privacy.whatHeading')}</h2>
        <ul>
          <li>{t('privacy.whatAccount')}</li>
          <li>{t('privacy.whatCookie')}</li>
          <li>{t('privacy.whatTests')}</li>
          <li>{t('privacy.whatExtras')}</li>
          <li>{t('privacy.whatNews')}</li>
        </ul>
      </section>
      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">{t('privacy.whoHeading')}</h2>
        <p>{t('privacy.who')}</p>
      </section>
      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">{t('privacy.securityHeading')}</h2>
        <p>{t('privacy.security')}</p>
      </section>
      <section aria-labelledby="privacy-choices">
        <h2 id="privacy-choices">{t('privacy.choicesHeading')}</h2>
        <p>{richText('privacy.choices', { contactPage: <Link to="/contact">{t('privacy.contactPage')}</Link> })}</p>
      </section>
    </InfoPage>
  );
}
