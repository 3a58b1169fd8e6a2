import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { printable, registerFonts, writeText } from './pdf-text';

/** A document with the report's fonts, written by `draw`, as pdftotext reads it. */
async function textOf(draw: (doc: PDFKit.PDFDocument, width: number) => void): Promise<string[]> {
  const doc = new PDFDocument({ size: 'A4', margins: { top: 56, bottom: 56, left: 56, right: 56 } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc, doc.page.width - 112);
  doc.end();
  const pdf = await done;
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').split('\f');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the report writes Hindi and Latin on one line', () => {
  it('reads back word for word: conjuncts, the short i drawn before its letter, signs and units in the Latin font', async () => {
    const line = 'आपकी शुगर (डायबिटीज़) की जाँच: क्षत्रिय, प्रश्न, कृपया, हृदय — 12 mmol/L (216 mg/dL) ≥ 7%।';
    const [page] = await textOf((doc, width) => {
      doc.fontSize(10);
      writeText(doc, line, 'Body', { width });
      writeText(doc, 'ज़्यादा ख़तरा', 'Bold', { width });
    });
    expect(squash(page!)).toContain(line);
    expect(squash(page!)).toContain('ज़्यादा ख़तरा');
  });

  it('wraps a long Hindi paragraph within the width and onto a new page, losing no word', async () => {
    const words = Array.from({ length: 900 }, (_, i) => (i % 3 === 0 ? `शब्द${i}` : i % 3 === 1 ? 'डायबिटीज़' : 'BP'));
    const pages = await textOf((doc, width) => {
      doc.fontSize(10);
      writeText(doc, words.join(' '), 'Body', { width });
    });
    expect(pages.filter((p) => p.trim()).length).toBeGreaterThan(1);
    expect(squash(pages.join(' '))).toBe(words.join(' '));
  });

  it('leaves English as pdfkit writes it, and marks what no font has with ?', async () => {
    const [page] = await textOf((doc, width) => writeText(doc, 'HbA1c ≥ 6.5% → 10⁹/L, Łukasz', 'Body', { width }));
    expect(squash(page!)).toBe('HbA1c ≥ 6.5% → 10⁹/L, Łukasz');
    expect(printable('日本 ok हिंदी')).toBe('?? ok हिंदी');
  });
});
