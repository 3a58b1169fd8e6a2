// Prints, for every text on standard input (a JSON array), whether the hand-written patterns alone answer it with
// the crisis reply or the helpline line, so train.py can report the patterns and patterns + classifier together.
//   npx tsx ml/crisis/patterns.ts < texts.json
import { detectDistress } from '../../contracts/src/distress';
import { detectRedFlags } from '../../contracts/src/red-flags';

const chunks: Buffer[] = [];
process.stdin.on('data', (c: Buffer) => chunks.push(c));
process.stdin.on('end', () => {
  const texts = JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[];
  const out = texts.map((t) => ({
    reply: detectRedFlags(t).some((m) => m.flag.kind === 'crisis'),
    line: detectDistress(t).length > 0,
  }));
  process.stdout.write(JSON.stringify(out));
});
