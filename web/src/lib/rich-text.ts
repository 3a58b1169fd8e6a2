import { createElement, Fragment, type ReactNode } from 'react';
import { t, type MessageKey } from './i18n';

const MARK = '\u0000';

/**
 * A message with React elements in its placeholders (decision 032): `richText('about.offerTests', { tests: <Link
 * …>{t('about.tests')}</Link> })` for "{tests}: six from values you type in …", so a translation can put the link
 * where its language needs it. Plain values go in `values`.
 */
export function richText(
  key: MessageKey,
  parts: Record<string, ReactNode>,
  values?: Record<string, unknown>,
): ReactNode {
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  const pieces = t(key, { ...values, ...marks }).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return pieces.map((piece, i) =>
    i % 2 === 1 ? createElement(Fragment, { key: i }, parts[names[Number(piece)] ?? '']) : piece,
  );
}
