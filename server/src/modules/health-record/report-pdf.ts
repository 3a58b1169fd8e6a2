import type { AssessmentResponse, Language, MedicineCheckResponse, ReportQuery } from '@medibuddy/contracts';
import PDFDocument from 'pdfkit';
import { textIn, type TextKey, type TextValues } from '../../locales/texts';
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
import { printable, registerFonts, writeText, type Weight } from './pdf-text';

export { printable };

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
  /** The report's own words; the assessments come already in it. English when not given. */
  language?: Language;
};

const TEAL = '#115e59';
const INK = '#0f172a';
const MUTED = '#475569';

/** '2026-11-28 10:21 UTC' in English; the same moment in Indian conventions in Hindi ('28/11/2026, 10:21 am UTC'). */
function dateTimeIn(language: Language, iso: string | Date): string {
  const date = new Date(iso);
  if (language === 'en') return date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const format = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
  return `${format.format(date)} UTC`;
}

/** The report's writing tools for one document in one language. */
function writerOf(doc: PDFKit.PDFDocument, language: Language) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  let weight: Weight = 'Body';
  const say = (key: TextKey, values?: TextValues) => textIn(language, key, values);
  const text = (s: string, options: { paragraphGap?: number } = {}) => writeText(doc, s, weight, { width, ...options });
  const bold = (on: boolean) => {
    weight = on ? 'Bold' : 'Body';
    doc.font(weight);
  };
  const heading = (s: string, size = 13) => {
    doc.moveDown(0.6).fontSize(size).fillColor(TEAL);
    bold(true);
    text(s);
    bold(false);
    doc.fontSize(10).fillColor(INK).moveDown(0.2);
  };
  const bullets = (lines: string[]) => {
    for (const line of lines) text(`•  ${line}`, { paragraphGap: 2 });
  };
  return {
    language,
    width,
    say,
    text,
    bold,
    heading,
    bullets,
    dateTime: (iso: string | Date) => dateTimeIn(language, iso),
  };
}

type Writer = ReturnType<typeof writerOf>;

/**
 * An image test's picture, and beside it the same picture with the model's heatmap over it (both stretched to one
 * square box, as the model saw it), with a caption; nothing when no picture was kept.
 */
function drawPicture(doc: PDFKit.PDFDocument, w: Writer, picture: Buffer | undefined, heatmapDataUrl: string | null) {
  if (!picture) return;
  const box = Math.min(170, (w.width - 20) / 2);
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
  w.text(w.say(heatmapDataUrl ? 'report.pictureHeatmap' : 'report.picture'));
  doc.fontSize(10).fillColor(INK);
}

/** One assessment: its result, next step, entries, reasons, method, notices and sources. */
function drawAssessment(doc: PDFKit.PDFDocument, w: Writer, response: AssessmentResponse, picture?: Buffer) {
  const { assessment, notices } = response;
  const { say, text, bold, heading, bullets, width } = w;
  heading(`${assessment.testName} - ${w.dateTime(assessment.createdAt)}`, 15);
  doc.fillColor(MUTED);
  text(say('report.assessmentId', { id: assessment.id }));
  doc.fillColor(INK);

  heading(say('report.result'));
  for (const line of resultLines(response, w.language)) text(line, { paragraphGap: 3 });
  drawPicture(doc, w, picture, assessment.image?.heatmap ?? null);

  const step = nextStepLines(response, w.language);
  if (step.length) {
    heading(say('report.nextStep'));
    bold(true);
    for (const line of step) text(line, { paragraphGap: 3 });
    bold(false);
  }
  const guideline = guidelineLines(response, w.language);
  if (guideline.length) {
    heading(say('report.guideline'));
    bullets(guideline);
  }

  heading(say('report.entered'));
  // Only values the person typed or chose; 'I don't know' answers are named apart, never shown as values.
  const left = doc.page.margins.left;
  for (const item of describeInputs(response, w.language).filter((i) => i.value !== null)) {
    const y = doc.y;
    doc.fillColor(MUTED);
    writeText(doc, item.label, 'Body', { x: left, y, width: width * 0.6 });
    const afterLabel = doc.y;
    doc.fillColor(INK);
    writeText(doc, item.display, 'Bold', { x: left + width * 0.62, y, width: width * 0.38 });
    doc.font('Body');
    doc.x = left;
    doc.y = Math.max(afterLabel, doc.y) + 2;
  }

  const notKnown = notKnownLabels(response, w.language);
  if (notKnown.length) {
    doc.fillColor(MUTED);
    text(say('report.notKnown', { labels: notKnown.join('; ') }));
    doc.fillColor(INK);
  }

  const factors = factorLines(response, w.language);
  if (factors.length) {
    const kind = assessment.result.kind;
    heading(
      say(
        kind === 'blood-test'
          ? 'report.findings'
          : kind === 'risk'
            ? 'report.factorsRisk'
            : kind === 'image'
              ? 'report.factorsChecklist'
              : 'report.factorsScore',
      ),
    );
    bullets(factors);
  }

  heading(say(assessment.model.kind === 'model' ? 'report.model' : 'report.method'));
  for (const line of modelLines(response, w.language)) text(line, { paragraphGap: 2 });

  heading(say('report.doesNotMean'));
  text(notices.whatThisDoesNotMean, { paragraphGap: 3 });
  text(notices.emergency);

  const sources = sourceLines(response, w.language);
  if (sources.length) {
    heading(say('report.sources'));
    doc.fontSize(9);
    bullets(sources);
    doc.fontSize(10);
  }
}

/**
 * Renders the report: A4 or US Letter, text (not images) so it can be read out, searched and copied, in the
 * language asked for (its own words from the 'report' catalogue; the assessments come in that language already).
 */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const language = input.language ?? 'en';
  const say = (key: TextKey, values?: TextValues) => textIn(language, key, values);
  const testName = input.assessments[0]?.assessment.testName ?? '';
  const doc = new PDFDocument({
    size: input.paper === 'Letter' ? 'LETTER' : 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    lang: language,
    info: {
      Title: printable(
        input.scope === 'history' ? say('report.titleHistory') : say('report.infoTitle', { test: testName }),
      ),
      Author: 'MediBuddy',
      Subject: say('report.subject'),
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const w = writerOf(doc, language);
  const { text, bold, heading } = w;

  // Title block
  doc.fontSize(20).fillColor(TEAL);
  bold(true);
  text(say(input.scope === 'history' ? 'report.titleHistory' : 'report.titleAssessment'));
  bold(false);
  doc.fontSize(10).fillColor(MUTED);
  text(say('report.name', { name: input.personName }));
  text(say('report.made', { time: w.dateTime(input.generatedAt) }));
  text(
    input.scope === 'history'
      ? say('report.count', { count: input.assessments.length })
      : say('report.test', { test: testName }),
  );
  doc.moveDown(0.5);

  // The notice first, so nobody reads a result without it.
  const notice = input.assessments[0]?.notices.notADiagnosis ?? say('report.recordNotice');
  doc.rect(doc.x, doc.y, w.width, 1).fill(TEAL);
  doc.moveDown(0.3).fontSize(10).fillColor(INK);
  // The notice says 'not a diagnosis' itself; the footer of every other page carries the short line.
  bold(true);
  text(notice);
  bold(false);

  if (input.assessments.length === 0) {
    doc.moveDown();
    text(say('report.empty'));
  }

  input.assessments.forEach((response, index) => {
    if (index > 0) doc.addPage();
    drawAssessment(doc, w, response, input.pictures?.get(response.assessment.id));
  });

  if (input.medicines && input.medicines.names.length > 0) {
    const { names, check } = input.medicines;
    doc.addPage();
    heading(say('report.medicines'), 15);
    text(say('report.medicinesFor', { person: check.personDescription, names: names.join('; ') }));
    heading(say('report.medicinesFound'));
    if (check.findings.length === 0) text(say('report.medicinesNone'));
    for (const f of check.findings) {
      bold(true);
      text(`${say(`report.severity.${f.severity}`)}: ${f.title}`);
      bold(false);
      const finding = say('report.findingText', { detail: f.detail, whatToDo: f.whatToDo });
      text(f.source ? say('report.findingSource', { text: finding, source: f.source }) : finding, { paragraphGap: 4 });
    }
    doc.fontSize(9).fillColor(MUTED);
    text(check.note);
    doc.fontSize(10).fillColor(INK);
  }

  if (input.symptomChecks && input.symptomChecks.length > 0) {
    doc.addPage();
    heading(say('report.symptomChecks'), 15);
    for (const c of input.symptomChecks) {
      bold(true);
      text(`${c.createdAt.slice(0, 10)}: ${c.headline}`);
      bold(false);
      text(say('report.describedAs', { complaint: c.complaint }));
      text(c.advice);
      if (c.conditions.length > 0)
        text(say('report.conditions', { conditions: c.conditions.join('; ') }), { paragraphGap: 6 });
    }
  }

  // Footer on every page: the notice in short, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - doc.page.margins.bottom + 18;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor(MUTED);
    const page = { page: i - range.start + 1, count: range.count };
    writeText(doc, say(i === range.start ? 'report.footerFirst' : 'report.footer', page), 'Body', {
      x: doc.page.margins.left,
      y: bottom,
      width: w.width,
      align: 'center',
    });
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}
