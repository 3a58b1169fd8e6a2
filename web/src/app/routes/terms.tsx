import { Link } from 'react-router';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { InfoPage } from '../../features/site-info/components/info-page';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';

export default function TermsRoute() {
  return (
    <InfoPage eyebrow={t('terms.eyebrow')} title={t('terms.title')} lead={t('terms.lead')}>
      <SafetyNotice />
      <section aria-labelledby="terms-information">
        <h2 id="terms-information">{t('terms.informationHeading')}</h2>
        <p>{t('terms.information')}</p>
      </section>
      <section aria-labelledby="terms-you">
        <h2 id="terms-you">{t('terms.youHeading')}</h2>
        <ul>
          <li>{t('terms.youValues')}</li>
          <li>{t('terms.youImages')}</li>
          <li>{t('terms.youService')}</li>
        </ul>
      </section>
      <section aria-labelledby="terms-content">
        <h2 id="terms-content">{t('terms.contentHeading')}</h2>
        <p>{richText('terms.content', { dataSources: <Link to="/data-sources">{t('terms.dataSources')}</Link> })}</p>
      </section>
      <section aria-labelledby="terms-warranty">
        <h2 id="terms-warranty">{t('terms.warrantyHeading')}</h2>
        <p>{richText('terms.warranty', { privacyPage: <Link to="/privacy">{t('terms.privacyPage')}</Link> })}</p>
      </section>
    </InfoPage>
  );
}
