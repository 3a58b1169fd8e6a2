import type { AssessmentResponse, MedicineCheckResponse, ReportQuery } from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  describeInputs,
  factorLines,
  guidelineLines,
  modelLines,
  nextStepLines,
  notKnownLabels,
  resultLines,
  sourceLines,
} from './describe-assessment';

/**
 * DejaVu Sans (dejavu-fonts-ttf), embedded and subset by pdfkit: it covers Latin, Greek, Cyrillic and the signs the
 * results use (≥, ≤, →, ², ⁹), so names and values print as written. The standard PDF fonts could not: they
 * encode WinAnsi only, and a name such as 'Łukasz' or 'Иван' came out as '?ukasz' and '????'. A character
 * the font has no glyph for (Chinese, Japanese, Arabic, ...) still becomes '?', never an empty box.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
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
  /** An image test's picture as PNG, by assessment id (its heatmap comes with the assessment). */
  pictures?: Map<string, Buffer>;
  /** Symptom checks kept in the record, newest first (the record only). */
  symptomChecks?:
    { createdAt: string; complaint: string; headline: string; advice: string; conditions: string[] }[] | null;
};

const TEAL = '#115e59';
const INK = '#0f172a';
const MUTED = '#475569';

const dateTime = (iso: string | Date) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * An image test's picture, and beside it the same picture with the model's heatmap over it (both stretched to one
 * square box, as the model saw it), with a caption; nothing when no picture was kept.
 */
function drawPicture(
  doc: PDFKit.PDFDocument,
  picture: Buffer | undefined,
  heatmapDataUrl: string | null,
  width: number,
) {
  if (!picture) return;
  const box = Math.min(170, (width - 20) / 2);
  if (doc.y + box + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 6;
  const left = doc.page.margins.left;
  doc.image(picture, left, top, { width: box, height: box });
  if (heatmapDataUrl) {
    doc.image(picture, left + box + 20, top, { width: box, height: box });
    doc.image(Buffer.from(heatmapDataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'), left + box + 20, top, {
      width: box,
      height: box,
    });
  }
  doc.x = left;
  doc.y = top + box + 4;
  doc.fontSize(8).fillColor(MUTED);
  doc.text(
    printable(
      heatmapDataUrl
        ? 'The picture sent, and the same picture with the heatmap: warm colours show where the model looked, not where a disease is.'
        : 'The picture sent.',
    ),
    { width },
  );
  doc.fontSize(10).fillColor(INK);
}

/** Renders the report: A4 or US Letter, text (not images) so it can be read out, searched and copied. */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: input.paper === 'Letter' ? 'LETTER' : 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: printable(
        input.scope === 'history'
          ? 'MediBuddy health record'
          : `MediBuddy report: ${input.assessments[0]?.assessment.testName ?? ''}`,
      ),
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
  const notice =
    input.assessments[0]?.notices.notADiagnosis ??
    'This record is not a diagnosis. Only a health professional who examines you can tell whether you have a condition.';
  doc.rect(doc.x, doc.y, width, 1).fill(TEAL);
  doc.moveDown(0.3).font('Bold').fontSize(10).fillColor(INK);
  // The notice says 'not a diagnosis' itself; the footer of every other page carries the short line.
  text(notice);
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
    drawPicture(doc, input.pictures?.get(assessment.id), assessment.image?.heatmap ?? null, width);

    const step = nextStepLines(response);
    if (step.length) {
      heading('Next step');
      doc.font('Bold');
      for (const line of step) text(line, { paragraphGap: 3 });
      doc.font('Body');
    }
    const guideline = guidelineLines(response);
    if (guideline.length) {
      heading('Guideline thresholds met (checked before any model)');
      bullets(guideline);
    }

    heading('What you entered');
    // Only values the person typed or chose; 'I don't know' answers are named apart, never shown as values.
    for (const item of describeInputs(response).filter((i) => i.value !== null)) {
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

    const notKnown = notKnownLabels(response);
    if (notKnown.length) {
      doc.fillColor(MUTED);
      text(`Answered "I don't know" or not measured: ${notKnown.join('; ')}.`);
      doc.fillColor(INK);
    }

    const factors = factorLines(response);
    if (factors.length) {
      heading(
        assessment.result.kind === 'blood-test'
          ? 'Findings'
          : assessment.result.kind === 'risk'
            ? 'Answers that moved the estimate, largest first'
            : assessment.result.kind === 'image'
              ? 'Your answers to the 7-point checklist'
              : 'Factors, largest first',
      );
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

  if (input.symptomChecks && input.symptomChecks.length > 0) {
    doc.addPage();
    heading('Symptom checks', 15);
    for (const c of input.symptomChecks) {
      doc.font('Bold');
      text(`${c.createdAt.slice(0, 10)}: ${c.headline}`);
      doc.font('Body');
      text(`Described as: "${c.complaint}"`);
      text(c.advice);
      if (c.conditions.length > 0)
        text(`Conditions that fitted the answers best (not a diagnosis): ${c.conditions.join('; ')}.`, {
          paragraphGap: 6,
        });
    }
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
      printable(
        `${i === range.start ? 'MediBuddy' : 'MediBuddy - not a diagnosis; share it with your doctor.'}   Page ${i - range.start + 1} of ${range.count}`,
      ),
      doc.page.margins.left,
      bottom,
      { width, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}
