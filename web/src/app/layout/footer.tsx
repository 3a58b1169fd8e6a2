import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/icons';
import { FacebookBrandIcon, LinkedInBrandIcon, MailIcon, XBrandIcon } from '../../features/home/components/home-icons';
import { useSubscribeToNewsletter } from '../../features/newsletter/api/subscribe';
import { t, useT, type MessageKey } from '../../lib/i18n';
import { useOrigin } from '../../lib/use-browser-value';
import { EmailForm } from '../../features/newsletter/components/email-form';

type FooterLink = { label: MessageKey; to: string; isExternal?: boolean };

/** The footer's four link columns, each to a real page (docs/product.md#built-by-intent: no dead links). */
const FOOTER_COLUMNS: readonly { title: MessageKey; links: readonly FooterLink[] }[] = [
  {
    title: 'footer.products',
    links: [
      { label: 'footer.diagnosisTests', to: '/diagnosis' },
      { label: 'footer.medicines', to: '/medicines' },
      { label: 'footer.chat', to: '/medibuddy' },
    ],
  },
  {
    title: 'footer.resources',
    links: [
      { label: 'footer.dataSources', to: '/data-sources' },
      { label: 'footer.apiDocs', to: '/api/docs', isExternal: true },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { label: 'footer.about', to: '/about' },
      { label: 'footer.contact', to: '/contact' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { label: 'footer.privacy', to: '/privacy' },
      { label: 'footer.terms', to: '/terms' },
      { label: 'footer.resetPassword', to: '/forgotPassword' },
    ],
  },
];

/**
 * The social icons share MediBuddy on the visitor's own accounts: plain links, opened only when clicked,
 * with no third-party script or tracking on this page.
 */
function shareLinks(url: string) {
  const text = t('footer.shareText');
  const u = encodeURIComponent(url);
  return [
    {
      label: t('footer.shareX'),
      href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(text)}`,
      Icon: XBrandIcon,
    },
    {
      label: t('footer.shareFacebook'),
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      Icon: FacebookBrandIcon,
    },
    {
      label: t('footer.shareLinkedIn'),
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      Icon: LinkedInBrandIcon,
    },
    {
      label: t('footer.shareEmail'),
      href: `mailto:?subject=${encodeURIComponent(text)}&body=${u}`,
      Icon: MailIcon,
    },
  ];
}

const linkClass = 'rounded text-teal-50 underline-offset-4 hover:text-white hover:underline';

/** The footer of the home page only (docs/product.md#navigation-bar-and-footer). */
export function Footer() {
  const subscribe = useSubscribeToNewsletter();
  const origin = useOrigin();
  const { t } = useT();

  return (
    <footer className="bg-teal-900 text-teal-50 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_2fr]">
        <div className="flex flex-col gap-5">
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <LogoMark className="size-8" />
            MediBuddy
          </p>
          <p className="max-w-sm leading-relaxed">{t('footer.blurb')}</p>
          <EmailForm
            label={t('footer.newsLabel')}
            buttonText={t('footer.newsSend')}
            busyText={t('footer.newsSending')}
            hint={t('footer.newsHint')}
            tone="dark"
            isPending={subscribe.isPending}
            send={(email) => subscribe.mutateAsync({ email })}
            successFallback={t('footer.newsThanks')}
            failureFallback={t('footer.newsFailed')}
          />
        </div>
        <nav aria-label={t('footer.label')} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-bold tracking-wide text-white uppercase">{t(column.title)}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {column.links.map((link) => (
                  <li key={link.to}>
                    {link.isExternal ? (
                      <a href={link.to} className={linkClass}>
                        {t(link.label)}
                      </a>
                    ) : (
                      <Link to={link.to} className={linkClass}>
                        {t(link.label)}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-teal-800">
        <div className="mx-auto flex max-w-6xl flex-col-reverse items-center gap-4 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6">
          <p>{t('footer.copyright')}</p>
          <ul aria-label={t('footer.share')} className="flex items-center gap-2">
            {shareLinks(origin).map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target={href.startsWith('mailto:') ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  className="flex size-11 items-center justify-center rounded-full bg-teal-800 text-white hover:bg-teal-700"
                >
                  <Icon className="size-5" />
                  <span className="sr-only">{href.startsWith('mailto:') ? label : t('footer.newTab', { label })}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

export default Footer;
