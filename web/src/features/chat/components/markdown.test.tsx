import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { wordsOf } from './use-typewriter';

describe('chat markdown', () => {
  it('renders bold, lists and line breaks', () => {
    const { container } = render(
      <Markdown
        text={'**Gout** is a kind of arthritis.\nIt hurts.\n\n- red joint\n- **swelling**\n\n1. rest\n2. ice'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Gout');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['red joint', 'swelling']);
    expect(container.querySelector('ul li strong')?.textContent).toBe('swelling');
    expect([...container.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['rest', 'ice']);
  });

  it('never injects HTML: tags and scripts stay text', () => {
    const hostile =
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> <a href="javascript:alert(3)">x</a> **<b>bold</b>**';
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector('img, script, a, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector('strong')?.textContent).toBe('<b>bold</b>');
  });

  it('makes a path of this app a link, never another site', () => {
    const { container } = render(
      <Markdown text={'Try the [symptom check](/symptom-check). Not [this](//evil.example) or [that](/a/../b).'} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['symptom check', '/symptom-check']]);
  });

  it('makes phone numbers tappable tel: links, and no other kind of link', () => {
    const { container } = render(
      <Markdown
        text={'- **Samaritans:** [116 123](tel:116123)\n- [site](https://example.com) [x](javascript:alert(1))'}
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['116 123', 'tel:116123']]);
    expect(container.textContent).toContain('[site](https://example.com)');
  });

  it('makes phone links inside a bold sentence tappable too (the helpline line before an answer)', () => {
    const { container } = render(
      <Markdown
        text={
          '**If you are having thoughts of ending your life, you can call Samaritans on [116 123](tel:116123) now, any time.**\n\nAn answer.'
        }
      />,
    );
    expect(container.querySelector('strong a')?.getAttribute('href')).toBe('tel:116123');
    expect(container.querySelector('strong')?.textContent).toBe(
      'If you are having thoughts of ending your life, you can call Samaritans on 116 123 now, any time.',
    );
  });

  it('leaves an unclosed ** as it is, so a half-typed reply reads naturally', () => {
    const { container } = render(<Markdown text="Here is **some" />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('Here is **some');
  });

  it('types out word by word, keeping spacing and line breaks', () => {
    expect(wordsOf('Hello  there\n\n- one')).toEqual(['Hello  ', 'there\n\n', '- ', 'one']);
    expect(wordsOf('Hello  there\n\n- one').slice(0, 2).join('')).toBe('Hello  there\n\n');
  });
});
