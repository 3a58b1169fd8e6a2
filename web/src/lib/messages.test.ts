import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatMessage, type CompiledMessage } from './messages';

const format = (message: string, values?: Record<string, unknown>, locale?: string) =>
  formatMessage(compileMessage(message) as CompiledMessage, values, locale);

describe('formatMessage (compiled ICU messages)', () => {
  it('puts values in, plain text unchanged', () => {
    expect(format('Home')).toBe('Home');
    expect(format('{label} must be at least {minimum} characters.', { label: 'Password', minimum: 8 })).toBe(
      'Password must be at least 8 characters.',
    );
    expect(format('{total} में से {number}', { number: 2, total: 5 })).toBe('5 में से 2');
  });

  it('plurals with # and exact cases, select, and numbers in Indian grouping', () => {
    const tests = '{count, plural, =0 {no tests} one {# test} other {# tests}}';
    expect(format(tests, { count: 0 })).toBe('no tests');
    expect(format(tests, { count: 1 })).toBe('1 test');
    expect(format(tests, { count: 100000 })).toBe('1,00,000 tests');
    expect(format('{who, select, child {your child} other {you}}', { who: 'child' })).toBe('your child');
    expect(format('{count, plural, other {# जाँचें}}', { count: 1234567 }, 'hi-IN')).toBe('12,34,567 जाँचें');
  });
});

describe('richText (elements in placeholders)', () => {
  it('puts each element where the message has its placeholder, keeping the text around it', async () => {
    const { richText } = await import('./rich-text');
    const { createElement } = await import('react');
    const parts = richText('about.offerChat', { chat: createElement('a', { href: '/medibuddy' }, 'MediBuddy chat') });
    expect(Array.isArray(parts)).toBe(true);
    const [before, link, after] = parts as unknown[];
    expect(before).toBe('');
    expect((link as { props: { children: { props: { href: string } } } }).props.children.props.href).toBe('/medibuddy');
    expect(after).toBe(': an assistant for general health questions.');
  });
});
