import { Link } from 'react-router';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { InfoPage } from '../../features/site-info/components/info-page';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';

export default function AboutRoute() {
  return (
    <InfoPage eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')}>
      <SafetyNotice />
      <section aria-labelledby="about-offer">
        <h2 id="about-offer">{t('about.offerHeading')}</h2>
        <ul>
          <li>{richText('about.offerTests', { tests: <Link to="/diagnosis">{t('about.tests')}</Link> })}</li>
          <li>{richText('about.offerChat', { chat: <Link to="/medibuddy">{t('about.chat')}</Link> })}</li>
          <li>
            {richText('about.offerMedicines', { medicines: <Link to="/medicines">{t('about.medicines')}</Link> })}
          </li>
        </ul>
      </section>
      <section aria-labelledby="about-how">
        <h2 id="about-how">{t('about.howHeading')}</h2>
        <p>{richText('about.how', { dataSources: <Link to="/data-sources">{t('about.dataSources')}</Link> })}</p>
      </section>
      <section aria-labelledby="about-limits">
        <h2 id="about-limits">{t('about.limitsHeading')}</h2>
        <p>{t('about.limits')}</p>
      </section>
    </InfoPage>
  );
}
