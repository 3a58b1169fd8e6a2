import { TYPING_MS_PER_WORD } from '@medibuddy/contracts';
import { useEffect, useState } from 'react';

/** The words of a text with the spaces after them, so joining a prefix keeps line breaks and spacing. */
export function wordsOf(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

/**
 * Reveals `text` a word at a time, 75 ms a word (docs/product.md#texts-and-timings), following it while it still grows.
 * `isTyping` is false once every word of a finished text is shown.
 */
export function useTypewriter(text: string, isFinished: boolean, isEnabled = true) {
  const total = wordsOf(text).length;
  const [shown, setShown] = useState(isEnabled ? 0 : total);
  const count = isEnabled ? Math.min(shown, total) : total;

  useEffect(() => {
    if (!isEnabled || shown >= total) return;
    const timer = setTimeout(() => setShown((n) => n + 1), TYPING_MS_PER_WORD);
    return () => clearTimeout(timer);
  }, [isEnabled, shown, total]);

  // A reset (the provider failed part-way) shortens the text: start again from its first word.
  useEffect(() => {
    if (shown > total) setShown(0);
  }, [shown, total]);

  return { text: wordsOf(text).slice(0, count).join(''), isTyping: !isFinished || count < total };
}
