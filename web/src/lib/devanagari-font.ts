import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

/**
 * Noto Sans Devanagari (OFL 1.1, from @fontsource/noto-sans-devanagari), shipped with the app for Hindi pages only
 * (decision 032): its Devanagari subset (about 50 KB a weight), regular and bold (semibold text takes the bold). The
 * unicode-range keeps it to Devanagari, so Latin text keeps the app's font, and a browser fetches it only for a page
 * that shows Devanagari. `font-display: optional`: a font that is not there at once is used from the next page on
 * (it is cached), never swapped in under the reader: with `swap`, laying the Devanagari text out again when each
 * weight arrived cost Lighthouse's slow phone about 400 ms of layout on /hi/diagnosis (TBT 425 ms against 68 ms
 * for /diagnosis) and moved the page (CLS 0.016-0.022); every phone sold in India has a Devanagari font to show
 * meanwhile. The build writes this into the head of every prerendered Hindi page (build/prerender.ts);
 * a Hindi page rendered in the browser adds it at start (main.tsx).
 */
const RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

const face = (weight: number, url: string) =>
  `@font-face{font-family:'Noto Sans Devanagari';font-style:normal;font-display:optional;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${RANGE}}`;

export const DEVANAGARI_FONT_CSS = `${face(400, regular)}${face(700, bold)}html[lang="hi"]{font-family:'Noto Sans Devanagari',var(--font-sans,ui-sans-serif,system-ui,sans-serif)}`;

export const DEVANAGARI_FONT_ID = 'devanagari-font';

export function installDevanagariFont(): void {
  if (document.getElementById(DEVANAGARI_FONT_ID)) return;
  const style = document.createElement('style');
  style.id = DEVANAGARI_FONT_ID;
  style.textContent = DEVANAGARI_FONT_CSS;
  document.head.append(style);
}
