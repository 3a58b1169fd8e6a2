import type { CitedText } from '@medibuddy/contracts';

/** Facts with their sources: each sentence names where it comes from. */
export function CitedList({ items, className = '' }: { items: readonly CitedText[]; className?: string }) {
  return (
    <ul className={`flex list-disc flex-col gap-1 pl-5 ${className}`}>
      {items.map((item) => (
        <li key={item.text}>
          {item.text}{' '}
          <span className="text-xs text-slate-600">
            (
            {item.sourceUrl ? (
              <a href={item.sourceUrl} rel="noopener noreferrer" className="underline underline-offset-2">
                {item.source}
              </a>
            ) : (
              item.source
            )}
            )
          </span>
        </li>
      ))}
    </ul>
  );
}
