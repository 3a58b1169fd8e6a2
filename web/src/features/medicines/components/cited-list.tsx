import type { CitedText } from '@medibuddy/contracts';

/** A source's name, linked to its page when it has one. */
export function SourceLink({ source, sourceUrl }: { source: string; sourceUrl: string | null }) {
  return sourceUrl ? (
    <a href={sourceUrl} rel="noopener noreferrer" className="underline underline-offset-2 hover:text-slate-900">
      {source}
    </a>
  ) : (
    <>{source}</>
  );
}

/** Facts with their sources: each sentence names where it comes from. */
export function CitedList({ items, className = '' }: { items: readonly CitedText[]; className?: string }) {
  return (
    <ul className={`flex list-disc flex-col gap-1 pl-5 ${className}`}>
      {items.map((item) => (
        <li key={item.text}>
          {item.text}{' '}
          <span className="text-xs text-slate-600">
            (<SourceLink source={item.source} sourceUrl={item.sourceUrl} />)
          </span>
        </li>
      ))}
    </ul>
  );
}
