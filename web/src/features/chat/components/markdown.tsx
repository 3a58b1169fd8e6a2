import type { ReactNode } from 'react';

/**
 * A small, safe markdown renderer for chat replies: paragraphs, line breaks, "- " and "1. " lists, **bold** and
 * two kinds of link: phone links [116 123](tel:116123) (the crisis reply's helplines) and links to a page of this
 * app [symptom check](/symptom-check) (a path; never another site, never another scheme).
 * Everything else (HTML included) stays literal text: the output is React text nodes and a few elements we
 * choose, so nothing a model writes is ever injected as HTML.
 */
function inline(text: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*([^*\n]+?)\*\*|\[([^\]\n]+)\]\((tel:\+?\d{3,15}|\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)\)/g;
  let last = 0;
  let match: RegExpExecArray | null;
  let i = 0;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) out.push(text.slice(last, match.index));
    if (match[3])
      out.push(
        <a
          key={`${keyPrefix}-t${i++}`}
          href={match[3]}
          className="font-semibold text-teal-800 underline underline-offset-2"
        >
          {match[2]}
        </a>,
      );
    // A bold sentence may hold phone links (the helpline line before an answer names its numbers in bold).
    else out.push(<strong key={`${keyPrefix}-b${i}`}>{inline(match[1] as string, `${keyPrefix}-b${i++}`)}</strong>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function lines(text: string, keyPrefix: string): ReactNode[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      i === 0
        ? inline(line, `${keyPrefix}-${i}`)
        : [<br key={`${keyPrefix}-br${i}`} />, ...inline(line, `${keyPrefix}-${i}`)],
    );
}

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

type Block = { kind: 'p' | 'ul' | 'ol'; lines: string[] };

/** Splits text into paragraphs and lists; a list ends at a line that is not an item. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const kind: Block['kind'] | null = BULLET.test(raw)
      ? 'ul'
      : NUMBERED.test(raw)
        ? 'ol'
        : raw.trim() === ''
          ? null
          : 'p';
    const current = blocks.at(-1);
    if (kind === null) {
      if (current) blocks.push({ kind: 'p', lines: [] });
      continue;
    }
    const content = kind === 'ul' ? raw.replace(BULLET, '') : kind === 'ol' ? raw.replace(NUMBERED, '') : raw.trim();
    if (current && current.kind === kind && (kind !== 'p' || current.lines.length > 0)) current.lines.push(content);
    else if (current && current.kind === 'p' && current.lines.length === 0) {
      current.kind = kind;
      current.lines.push(content);
    } else blocks.push({ kind, lines: [content] });
  }
  return blocks.filter((b) => b.lines.length > 0);
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-3 leading-relaxed">
      {blocksOf(text).map((block, i) => {
        if (block.kind === 'p') return <p key={i}>{lines(block.lines.join('\n'), `p${i}`)}</p>;
        const items = block.lines.map((line, j) => <li key={j}>{inline(line, `l${i}-${j}`)}</li>);
        return block.kind === 'ul' ? (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {items}
          </ul>
        ) : (
          <ol key={i} className="list-decimal space-y-1 pl-5">
            {items}
          </ol>
        );
      })}
    </div>
  );
}
