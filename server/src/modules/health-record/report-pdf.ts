import type { AssessmentResponse, MedicineCheckResponse, ReportQuery } from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { describeInputs, factorLines, modelLines, resultLines, sourceLines } from './describe-assessment';

/**
 * DejaVu Sans (dejavu-fonts-ttf), embedded and subset by pdfkit: it covers Latin, Greek, Cyrillic and the signs the
 * results use (≥, ≤, →, ², ⁹), so names and values print as written. The standard PDF fonts could not: they
 * encode WinAnsi only, and a name such as 'Łukasz' or 'Иван' came out as '?ukasz' and '????'. A character
 * the font has no glyph for (Chinese, Japanese, Arabic, ...) still becomes '?', never an empty box.
 */
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'));
const BOLD = readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
const GLYPHS = [REGULAR, BOLD].map((file) => fontkit.create(file) as fontkit.Font);

/** The text with every character neither font can draw replaced by '?' (line breaks kept). */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) as number;
    out += ch === '\n' || GLYPHS.every((font) => font.hasGlyphForCodePoint(code)) ? ch : '?';
  }
  return out;
}

export type ReportInput = {
  personName: string;
  generatedAt: Date;
  paper: ReportQuery['paper'];
  assessments: AssessmentResponse[];
  /** 'assessment': one result; 'history': the whole record. */
  scope: 'assessment' | 'history';
  /** The "My medicines" list and what checking it together found (the record only). */
  medicines?: { names: string[]; check: MedicineCheckResponse } | null;
};

const TEAL = '#115e59';
const INK = '#0f172a';
const MUTED = '#475569';

const dateTime = (iso: string | Date) =>
  new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Renders the report: A4 or US Letter, text (not images) so it can be read out, searched and copied. */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: input.paper === 'Letter' ? 'LETTER' : 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: printable(input.scope === 'history' ? 'MediBuddy health record' : `MediBuddy report: ${input.assessments[0]?.assessment.testName ?? ''}`),
      Author: 'MediBuddy',
      Subject: 'Health assessment report (not a diagnosis)',
    },
  });
  doc.registerFont('Body', REGULAR);
  doc.registerFont('Bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const text = (s: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(s), { width, ...options });
  const heading = (s: string, size = 13) => {
    doc.moveDown(0.6).font('Bold').fontSize(size).fillColor(TEAL);
    text(s);
    doc.font('Body').fontSize(10).fillColor(INK).moveDown(0.2);
  };
  const bullets = (lines: string[]) => {
    for (const line of lines) text(`•  ${line}`, { indent: 0, paragraphGap: 2 });
  };

  // Title block
  doc.font('Bold').fontSize(20).fillColor(TEAL);
  text(input.scope === 'history' ? 'MediBuddy health record' : 'MediBuddy assessment report');
  doc.font('Body').fontSize(10).fillColor(MUTED);
  text(`Name: ${input.personName}`);
  text(`Report made: ${dateTime(input.generatedAt)}`);
  text(
    input.scope === 'history'
      ? `Assessments: ${input.assessments.length}, newest first`
      : `Test: ${input.assessments[0]?.assessment.testName ?? ''}`,
  );
  doc.moveDown(0.5);

  // The notice first, so nobody reads a result without it.
  const notice = input.assessments[0]?.notices.notADiagnosis ??
    'This record is not a diagnosis. Only a health professional who examines you can tell whether you have a condition.';
  doc.rect(doc.x, doc.y, width, 1).fill(TEAL);
  doc.moveDown(0.3).font('Bold').fontSize(10).fillColor(INK);
  text(`Not a diagnosis. ${notice}`);
  doc.font('Body');

  if (input.assessments.length === 0) {
    doc.moveDown();
    text('There are no assessments in this record.');
  }

  input.assessments.forEach((response, index) => {
    const { assessment, notices } = response;
    if (index > 0) doc.addPage();
    heading(`${assessment.testName} - ${dateTime(assessment.createdAt)}`, 15);
    doc.fillColor(MUTED);
    text(`Assessment id ${assessment.id}`);
    doc.fillColor(INK);

    heading('Result');
    for (const line of resultLines(response)) text(line, { paragraphGap: 3 });

    heading('What you entered');
    for (const item of describeInputs(response)) {
      const y = doc.y;
      doc.fillColor(MUTED);
      doc.text(printable(item.label), doc.page.margins.left, y, { width: width * 0.6 });
      const afterLabel = doc.y;
      doc.fillColor(INK).font('Bold');
      doc.text(printable(item.display), doc.page.margins.left + width * 0.62, y, { width: width * 0.38 });
      doc.font('Body');
      doc.x = doc.page.margins.left;
      doc.y = Math.max(afterLabel, doc.y) + 2;
    }

    const factors = factorLines(response);
    if (factors.length) {
      heading(assessment.result.kind === 'blood-test' ? 'Findings' : 'Factors, largest first');
      bullets(factors);
    }

    heading(assessment.model.kind === 'model' ? 'Model and its validation' : 'Method');
    for (const line of modelLines(response)) text(line, { paragraphGap: 2 });

    heading('What this does not mean');
    text(notices.whatThisDoesNotMean, { paragraphGap: 3 });
    text(notices.emergency);

    const sources = sourceLines(response);
    if (sources.length) {
      heading('Sources');
      doc.fontSize(9);
      bullets(sources);
      doc.fontSize(10);
    }
  });

  if (input.medicines && input.medicines.names.length > 0) {
    const { names, check } = input.medicines;
    doc.addPage();
    heading('My medicines, checked together', 15);
    text(`Checked for ${check.personDescription}: ${names.join('; ')}.`);
    heading('What the check found');
    if (check.findings.length === 0) text('No problem found in our facts.');
    for (const f of check.findings) {
      doc.font('Bold');
      text(`${f.severity === 'info' ? 'Note' : f.severity[0]?.toUpperCase() + f.severity.slice(1)}: ${f.title}`);
      doc.font('Body');
      text(`${f.detail} What to do: ${f.whatToDo}${f.source ? ` (Source: ${f.source})` : ''}`, { paragraphGap: 4 });
    }
    doc.fontSize(9).fillColor(MUTED);
    text(check.note);
    doc.fontSize(10).fillColor(INK);
  }

  // Footer on every page: the notice in short, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - doc.page.margins.bottom + 18;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Body').fontSize(8).fillColor(MUTED);
    doc.text(
      printable(`MediBuddy - not a diagnosis; share it with your doctor.   Page ${i - range.start + 1} of ${range.count}`),
      doc.page.margins.left,
      bottom,
      { width, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}
