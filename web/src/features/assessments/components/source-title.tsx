import { t } from '../../../lib/i18n';

/** A cited source's title: a link that opens in a new tab where the source has an address, else the title alone. */
export function SourceTitle({ title, url }: { title: string; url?: string }) {
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="text-teal-800 underline underline-offset-2 hover:text-teal-950"
    >
      {title}
      <span className="sr-only"> {t('results.newTab')}</span>
    </a>
  ) : (
    <cite className="not-italic">{title}</cite>
  );
}
