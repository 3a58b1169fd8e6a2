import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageModelId } from '@medibuddy/contracts';

/**
 * The image data sets' parts as ml/images/ made them, read again in Node so that thresholds can be fixed on the
 * validation parts of the served models without PyTorch: the fundus patient split (data.py fundus_split), the skin
 * validation (10 % of train by train.py hash_split), chest CT's official `valid`, each without copies of test
 * pictures (data.py drop_copies_of: same bytes, or the same 12x12 binarised thumbnail; the thumbnail is made here by
 * sharp, not PIL, so a re-encoded copy may be judged a little differently). And decision 016's halves of the
 * chest-CT test split.
 */

export type Item = { file: string; rel: string; label: string };
export type Parts = { val: Item[]; test: Item[] };

const MODELS_DIR = path.resolve(import.meta.dirname, '../models');

/** The model's classes in its card's order: the data set's folder names (ml/images/data.py). */
function classesOf(model: ImageModelId): string[] {
  const card = JSON.parse(readFileSync(path.join(MODELS_DIR, model, 'card.json'), 'utf8')) as {
    classes: { key: string }[];
  };
  return card.classes.map((c) => c.key);
}

const sha1 = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');
/** As train.py: the first 8 hex digits of SHA-256(salt:key) over 0xFFFFFFFF. */
export function hashBucket(salt: string, key: string): number {
  return parseInt(createHash('sha256').update(`${salt}:${key}`).digest('hex').slice(0, 8), 16) / 0xffffffff;
}

function list(dir: string, classes: string[], relBase: string): Item[] {
  return classes.flatMap((label) =>
    readdirSync(path.join(dir, label))
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => ({ file: path.join(dir, label, f), rel: path.relative(relBase, path.join(dir, label, f)), label })),
  );
}

async function thumbOf(file: string): Promise<string> {
  const { data } = await sharp(file)
    .greyscale()
    .resize(12, 12, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mean = data.reduce((a, b) => a + b, 0) / data.length;
  return Array.from(data, (v) => (v > mean ? '1' : '0')).join('');
}

async function dropCopiesOf(test: Item[], items: Item[]): Promise<Item[]> {
  const hashes = new Set(test.map((i) => sha1(i.file)));
  const thumbs = new Set(await Promise.all(test.map((i) => thumbOf(i.file))));
  const kept: Item[] = [];
  for (const item of items) if (!hashes.has(sha1(item.file)) && !thumbs.has(await thumbOf(item.file))) kept.push(item);
  return kept;
}

export async function partsOf(model: ImageModelId, datasets: string): Promise<Parts> {
  const classes = classesOf(model);
  if (model === 'fundus') {
    const items = list(path.join(datasets, 'fundus'), classes, datasets);
    const groupByHash = new Map<string, string>();
    const out: Parts = { val: [], test: [] };
    for (const item of items) {
      const m = /^(\d+)_(left|right)\.jpg$/.exec(path.basename(item.file));
      const own = m ? `patient-${m[1]}` : `file-${item.label}/${path.basename(item.file)}`;
      const digest = sha1(item.file);
      if (!groupByHash.has(digest)) groupByHash.set(digest, own);
      const b = hashBucket('medibuddy-fundus-v1', groupByHash.get(digest) as string);
      if (b < 0.2) out.test.push(item);
      else if (b < 0.3) out.val.push(item);
    }
    return out;
  }
  const test = list(path.join(datasets, model, 'test'), classes, datasets);
  const val =
    model === 'chest_ct'
      ? list(path.join(datasets, model, 'valid'), classes, datasets)
      : list(path.join(datasets, model, 'train'), classes, datasets).filter(
          (i) => hashBucket('medibuddy-skin-v1', `${i.label}/${path.basename(i.file)}`) < 0.1,
        );
  return { val: await dropCopiesOf(test, val), test };
}

/** Decision 016: byte-identical copies grouped, keyed by their smallest `<class>/<file>`, halved by a salted hash. */
export function ctTestHalves(test: Item[]): { choosing: Item[]; reporting: Item[] } {
  const keyByHash = new Map<string, string>();
  const keyed = test.map((item) => ({
    item,
    digest: sha1(item.file),
    key: `${item.label}/${path.basename(item.file)}`,
  }));
  for (const { digest, key } of keyed) {
    const seen = keyByHash.get(digest);
    if (seen === undefined || key < seen) keyByHash.set(digest, key);
  }
  const out = { choosing: [] as Item[], reporting: [] as Item[] };
  for (const { item, digest } of keyed) {
    (hashBucket('medibuddy-ct-test-half-v1', keyByHash.get(digest) as string) < 0.5
      ? out.choosing
      : out.reporting
    ).push(item);
  }
  return out;
}
