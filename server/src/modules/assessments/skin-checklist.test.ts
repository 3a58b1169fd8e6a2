import type { ImageResult, ImageTriageResult, SkinChecklistAnswer } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { ContentFileError, parseContent } from '../../content/content-file';
import {
  SkinChecklistFileSchema,
  skinChecklist,
  skinChecklistProblems,
  type SkinChecklistFile,
} from '../../content/skin-checklist';
import { AppError } from '../../plugins/errors';
import { imageHeadlineOf } from './image-page';
import {
  leadingHeadlineOf,
  publicSkinChecklist,
  readChecklistFields,
  scoreSkinChecklist,
  withSkinChecklist,
  type StoredSkinChecklist,
} from './skin-checklist';

const data = skinChecklist();
const parse = (raw: unknown) =>
  parseContent(
    'skin-checklist.json',
    raw,
    SkinChecklistFileSchema,
    { items: { noun: 'item', idField: 'key' }, sources: { noun: 'source' } },
    skinChecklistProblems,
  );
const answered = (answers: Record<string, SkinChecklistAnswer>): StoredSkinChecklist => ({
  version: data.version,
  answers,
});
const allOf = (answer: SkinChecklistAnswer) => answered(Object.fromEntries(data.items.map((i) => [i.key, answer])));

/** A skin result as the picture alone gives it, at the given triage level. */
function pictureResult(level: ImageTriageResult['level']): ImageResult {
  const headline = { refer: 'See a dermatologist within 2 weeks', unsure: 'Unsure', routine: 'Not flagged' }[level];
  const top = { key: 'melanoma', label: 'Melanoma', probability: 0.6 };
  return {
    kind: 'image',
    model: 'skin',
    classes: [top, { key: 'nevus', label: 'Nevus', probability: 0.4 }],
    top,
    focus: null,
    prediction: 'Melanoma',
    summary: `Can this wait? ${headline}.`,
    gate: { kind: 'skin', probability: 0.99 },
    heatmap: null,
    isClassNamed: true,
    triage: {
      level,
      question: 'Can this wait?',
      headline,
      timeframe: level === 'routine' ? 'routine' : 'within 2 weeks',
      nextStep: 'The picture’s own next step.',
      why: 'why',
      referScore: level === 'refer' ? 0.5 : 0.1,
      referThreshold: 0.2,
      confidenceFloor: 0.5,
      sources: [{ title: 'NG12', publisher: 'NICE' }],
    },
  };
}

describe('the 7-point checklist content (skin-checklist.json)', () => {
  it("is NICE NG12's weighted checklist: 3 major features of 2 points, 4 minor of 1, referral from 3, cited", () => {
    expect(data.items.map((i) => [i.key, i.kind, i.points])).toEqual([
      ['sizeChange', 'major', 2],
      ['irregularShape', 'major', 2],
      ['irregularColour', 'major', 2],
      ['diameter7mm', 'minor', 1],
      ['inflammation', 'minor', 1],
      ['oozing', 'minor', 1],
      ['sensationChange', 'minor', 1],
    ]);
    expect(data.threshold).toBe(3);
    const nice = data.sources[data.thresholdSource];
    expect(nice?.title).toMatch(/NG12.*1\.7\.2/);
    expect(nice?.url).toMatch(/^https:\/\/www\.nice\.org\.uk\/guidance\/ng12/);
    expect(data.atOrAbove.headline).toBe('See a GP within 2 weeks');
    expect(data.atOrAbove.nextStep).toMatch(/suspected cancer pathway referral/);
    expect(data.atOrAbove.nextStep).toMatch(/does not mean it is cancer/);
    expect(data.notSure).toMatch(/not counted/);
    const open = publicSkinChecklist();
    expect(open.maxScore).toBe(10);
    expect(open.items.every((i) => i.question.endsWith('?') && i.help.length > 0)).toBe(true);
  });

  it('names the broken rule: points that are not the kind’s, an undeclared source, a key twice', () => {
    const bad = structuredClone(data) as SkinChecklistFile;
    bad.items[0]!.points = 1;
    bad.items[3]!.source = 'nowhere';
    bad.items[4]!.key = bad.items[5]!.key;
    let error: unknown;
    try {
      parse(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentFileError);
    const message = (error as Error).message;
    expect(message).toContain('item "sizeChange" (items[0]), points: a major feature scores 2');
    expect(message).toContain('source "nowhere" is not declared');
    expect(message).toContain('item "oozing" (items[5]): key appears twice');
  });
});

describe('reading the answers from the form fields', () => {
  it('is null without checklist fields, and ignores other fields as before', () => {
    expect(readChecklistFields('skin', [])).toBeNull();
    expect(readChecklistFields('skin', [{ name: 'note', value: 'hello' }])).toBeNull();
  });

  it('takes yes, no and not_sure; a skipped item is left out', () => {
    expect(
      readChecklistFields('skin', [
        { name: 'checklist.sizeChange', value: 'yes' },
        { name: 'checklist.oozing', value: 'not_sure' },
        { name: 'checklist.inflammation', value: 'no' },
      ]),
    ).toEqual({ version: data.version, answers: { sizeChange: 'yes', oozing: 'not_sure', inflammation: 'no' } });
  });

  it('refuses a bad value, an unknown item, an item twice and the checklist on another test, naming each field', () => {
    const errorsOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe('validation_failed');
        return (e as AppError).errors;
      }
      throw new Error('no error');
    };
    expect(
      errorsOf(() =>
        readChecklistFields('skin', [
          { name: 'checklist.sizeChange', value: 'maybe' },
          { name: 'checklist.size', value: 'yes' },
          { name: 'checklist.oozing', value: 'yes' },
          { name: 'checklist.oozing', value: 'no' },
          { name: 'checklist.inflammation', value: '' },
        ]),
      ),
    ).toEqual([
      expect.objectContaining({
        field: 'checklist.sizeChange',
        rule: 'one_of',
        message: expect.stringMatching(/yes, no, not_sure/),
      }),
      expect.objectContaining({ field: 'checklist.size', rule: 'unknown_item' }),
      expect.objectContaining({ field: 'checklist.oozing', rule: 'duplicate' }),
      expect.objectContaining({ field: 'checklist.inflammation', rule: 'one_of' }),
    ]);
    expect(errorsOf(() => readChecklistFields('cataract', [{ name: 'checklist.oozing', value: 'yes' }]))).toEqual([
      expect.objectContaining({ field: 'checklist.oozing', rule: 'not_for_this_test' }),
    ]);
  });
});

describe('the score', () => {
  it('adds the points of the items answered yes: all yes 10, all no 0', () => {
    expect(scoreSkinChecklist(allOf('yes'))).toMatchObject({ score: 10, maxScore: 10, level: 'refer' });
    expect(scoreSkinChecklist(allOf('no'))).toMatchObject({ score: 0, level: 'below', notSureNote: null });
  });

  it('one major feature (2) is below 3; a major and a minor (3) reach it', () => {
    const two = scoreSkinChecklist(answered({ irregularColour: 'yes', oozing: 'no' }));
    expect(two).toMatchObject({ score: 2, level: 'below', headline: data.below.headline });
    expect(two.nextStep).toMatch(/see a GP if it grows, changes shape or colour/);
    const three = scoreSkinChecklist(answered({ irregularColour: 'yes', oozing: 'yes' }));
    expect(three).toMatchObject({
      score: 3,
      level: 'refer',
      headline: 'See a GP within 2 weeks',
      timeframe: 'within 2 weeks',
    });
    expect(three.items.filter((i) => i.isCounted).map((i) => i.key)).toEqual(['irregularColour', 'oozing']);
    expect(three.items.find((i) => i.key === 'sizeChange')).toMatchObject({ answer: null, isCounted: false });
    expect(three.sources.map((s) => s.publisher)).toContain('NICE');
  });

  it('four minor features (4) reach it too', () => {
    expect(
      scoreSkinChecklist(answered({ diameter7mm: 'yes', inflammation: 'yes', oozing: 'yes', sensationChange: 'yes' })),
    ).toMatchObject({ score: 4, level: 'refer' });
  });

  it("does not count 'not sure', and says so", () => {
    const result = scoreSkinChecklist(answered({ sizeChange: 'not_sure', irregularShape: 'not_sure', oozing: 'yes' }));
    expect(result).toMatchObject({ score: 1, level: 'below', notSureNote: data.notSure });
    expect(result.items.find((i) => i.key === 'sizeChange')).toMatchObject({ answer: 'not_sure', isCounted: false });
  });
});

describe('beside the picture: the picture can raise the urgency, never lower it', () => {
  it('a score of 3 or more leads with "See a GP within 2 weeks", the score and the items that counted', () => {
    for (const level of ['routine', 'unsure', 'refer'] as const) {
      const result = withSkinChecklist(
        pictureResult(level),
        scoreSkinChecklist(answered({ sizeChange: 'yes', diameter7mm: 'yes' })),
      );
      expect(leadingHeadlineOf(result)).toBe('See a GP within 2 weeks');
      expect(result.summary).toMatch(
        /^See a GP within 2 weeks\. Your answers to the 7-point checklist score 3 of 10, 3 or more/,
      );
      expect(result.summary).toContain('“Has the spot changed in size (grown)?” (2)');
      expect(imageHeadlineOf(result)).toMatch(/^See a GP within 2 weeks \(checklist 3 of 10; most like melanoma\)$/);
      // The picture's own triage is kept as it was.
      expect(result.triage).toEqual(pictureResult(level).triage);
    }
  });

  it('a checklist of all "no" keeps the picture’s flag first', () => {
    const picture = pictureResult('refer');
    const result = withSkinChecklist(picture, scoreSkinChecklist(allOf('no')));
    expect(result.triage).toEqual(picture.triage);
    expect(leadingHeadlineOf(result)).toBe('See a dermatologist within 2 weeks');
    expect(result.summary.startsWith(picture.summary)).toBe(true);
    expect(result.summary).toContain('score 0 of 10, below 3 (no item was answered yes)');
    expect(imageHeadlineOf(result)).toMatch(/^See a dermatologist within 2 weeks/);
  });

  it('both calm: routine, with the score below 3 and what would change that', () => {
    const result = withSkinChecklist(pictureResult('routine'), scoreSkinChecklist(answered({ oozing: 'yes' })));
    expect(leadingHeadlineOf(result)).toBe('Not flagged');
    expect(result.checklist?.level).toBe('below');
    expect(result.summary).toMatch(/score 1 of 10, below 3/);
    expect(result.summary).toMatch(/It would change if the spot changes: see a GP/);
  });
});
