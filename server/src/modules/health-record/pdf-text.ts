import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The report's fonts and the one way it writes text (decision 041).
 *
 * Latin text: DejaVu Sans (dejavu-fonts-ttf), embedded and subset by pdfkit: it covers Latin, Greek, Cyrillic and the
 * signs the results use (≥, ≤, →, ², ⁹), so names and values print as written. The standard PDF fonts could not: they
 * encode WinAnsi only, and a name such as 'Łukasz' or 'Иван' came out as '?ukasz' and '????'.
 *
 * Hindi text: Noto Sans Devanagari (OFL 1.1, @fontsource/noto-sans-devanagari, its Devanagari subset, the font the
 * Hindi web pages use), shaped by fontkit through pdfkit (conjuncts, matras, the short i drawn before its consonant).
 * Neither font has the other's letters, so a line is written in runs, each in the font that has its characters.
 * Because a shaped Hindi word's glyphs are not in reading order (ि is drawn first), each line carries its text as
 * `/ActualText`, so copying, searching and pdftotext read the words as written.
 *
 * A character no font can draw (Chinese, Japanese, Arabic, ...) becomes '?', never an empty box.
 */
const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));

const FONTS = {
  Body: fontFile('dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'),
  Bold: fontFile('dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf'),
  Deva: fontFile('@fontsource/noto-sans-devanagari', 'files/noto-sans-devanagari-devanagari-400-normal.woff'),
  DevaBold: fontFile('@fontsource/noto-sans-devanagari', 'files/noto-sans-devanagari-devanagari-700-normal.woff'),
} as const;

export type Weight = 'Body' | 'Bold';
const HINDI_FONT: Record<Weight, keyof typeof FONTS> = { Body: 'Deva', Bold: 'DevaBold' };

const LATIN = fontkit.create(FONTS.Body) as fontkit.Font;
const LATIN_BOLD = fontkit.create(FONTS.Bold) as fontkit.Font;
const HINDI = fontkit.create(FONTS.Deva) as fontkit.Font;

/** Devanagari letters and signs (the danda too), and the joiners Hindi words use. */
const DEVANAGARI = /\p{Script=Devanagari}|\u200C|\u200D/u;

/** Registers the report's four fonts on a document. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
}

const drawable = (code: number) =>
  HINDI.hasGlyphForCodePoint(code) || (LATIN.hasGlyphForCodePoint(code) && LATIN_BOLD.hasGlyphForCodePoint(code));

/** The text with every character no font can draw replaced by '?' (line breaks kept). */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += ch === '\n' || drawable(ch.codePointAt(0) as number) ? ch : '?';
  return out;
}

export const hasHindi = (text: string) => DEVANAGARI.test(text);

type Run = { text: string; hindi: boolean };

/** A word cut into runs of one script; a space or sign both fonts have stays with the run before it. */
function runsOf(word: string): Run[] {
  const runs: Run[] = [];
  for (const ch of word) {
    const hindi = DEVANAGARI.test(ch) || ch === '\u0964' || ch === '\u0965';
    const last = runs.at(-1);
    if (last && (last.hindi === hindi || ch === ' ')) last.text += ch;
    else runs.push({ text: ch, hindi });
  }
  return runs;
}

export type WriteOptions = {
  width: number;
  /** Where the text starts; the left margin and the current y by default. */
  x?: number;
  y?: number;
  paragraphGap?: number;
  align?: 'left' | 'center';
};

/**
 * Writes a paragraph at the current font size in `weight`, wrapped to `width`, starting a new page when the next line
 * does not fit. Text with no Hindi in it goes to pdfkit as before; text with Hindi is laid out here in script runs.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, weight: Weight, options: WriteOptions): void {
  const { width, x = doc.page.margins.left, paragraphGap = 0, align = 'left' } = options;
  const clean = printable(text);
  doc.font(weight);
  if (!hasHindi(clean)) {
    if (options.y === undefined) doc.text(clean, { width, paragraphGap, align });
    else doc.text(clean, x, options.y, { width, paragraphGap, align });
    return;
  }
  const internal = doc as PDFKit.PDFDocument & { _fontSize: number; _font: { ascender: number } };
  const size = internal._fontSize;
  const fontOf = (run: Run) => (run.hindi ? HINDI_FONT[weight] : weight);
  const widthOf = (runs: Run[]) =>
    runs.reduce((sum, run) => sum + doc.font(fontOf(run)).fontSize(size).widthOfString(run.text), 0);
  const lineHeight = Math.max(
    doc.font(weight).currentLineHeight(true),
    doc.font(HINDI_FONT[weight]).currentLineHeight(true),
  );
  const ascenderOf = (font: string) => {
    doc.font(font);
    return (internal._font.ascender / 1000) * size;
  };
  const ascent = Math.max(ascenderOf(weight), ascenderOf(HINDI_FONT[weight]));
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = options.y ?? doc.y;

  const drawLine = (line: string) => {
    if (y + lineHeight > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    const runs = runsOf(line.trimEnd());
    let left = align === 'center' ? x + (width - widthOf(runs)) / 2 : x;
    doc.markContent('Span', { actual: line.trimEnd() });
    for (const run of runs) {
      doc.font(fontOf(run)).fontSize(size);
      doc.text(run.text, left, y + ascent, { lineBreak: false, baseline: 'alphabetic' });
      left += doc.widthOfString(run.text);
    }
    doc.endMarkedContent();
    y += lineHeight;
  };

  for (const paragraph of clean.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(?<=\s)/u)) {
      const next = line + word;
      if (line && widthOf(runsOf(next.trimEnd())) > width) {
        drawLine(line);
        line = word;
      } else line = next;
    }
    drawLine(line);
  }
  doc.font(weight).fontSize(size);
  doc.x = x;
  doc.y = y + paragraphGap;
}
