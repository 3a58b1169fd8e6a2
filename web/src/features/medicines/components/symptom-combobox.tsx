import { SYMPTOM_MAX } from '@medibuddy/contracts/forms';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';
import { useIsPageLeaving } from '../../../components/ui/page-leaving';
import { useSymptomSuggestions } from '../api/get-symptom-suggestions';
import { useDebouncedValue } from '../use-debounced-value';

type SymptomComboboxProps = {
  /** Adds the symptom; false when it was refused (empty, repeated, too many), so the text stays to fix. */
  onAdd: (symptom: string) => boolean;
};

/**
 * A symptom text box with suggestions, following the WAI-ARIA combobox pattern (list autocomplete): arrow
 * keys move through the suggestions, Enter adds the highlighted one (or the typed text), Escape closes the
 * list. Typing anything is allowed; suggestions only help with the words the catalogue knows.
 */
export function SymptomCombobox({ onAdd }: SymptomComboboxProps) {
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const isLeaving = useIsPageLeaving();

  const typed = text.trim();
  const query = useDebouncedValue(typed, 150);
  const suggestionsQuery = useSymptomSuggestions(query, isOpen && query !== '');
  const suggestions = isOpen && typed !== '' ? (suggestionsQuery.data ?? []) : [];
  const isExpanded = suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function add(value: string) {
    if (onAdd(value)) {
      setText('');
      setIsOpen(false);
      setActiveIndex(-1);
    }
    inputRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add(text);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (suggestions.length === 0) return;
      const count = suggestions.length;
      const isDown = event.key === 'ArrowDown';
      setActiveIndex((current) => (isDown ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      event.preventDefault();
      add(suggestions[activeIndex]?.label ?? text);
    } else if (event.key === 'Escape') {
      if (isExpanded) {
        event.preventDefault();
        setIsOpen(false);
        setActiveIndex(-1);
      } else if (text) {
        setText('');
      }
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1.5" aria-label={t('symptom.form')}>
      <label htmlFor={isLeaving ? undefined : inputId} className="text-sm font-semibold text-slate-800">
        {t('symptom.label')}
      </label>
      <div className="flex items-start gap-2 sm:gap-3">
        <div className="relative flex-1">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={isExpanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            maxLength={SYMPTOM_MAX}
            placeholder={t('symptom.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setIsOpen(true);
              setActiveIndex(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => setIsOpen(false)}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-500 focus:border-teal-700"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('symptom.suggestions')}
            hidden={!isExpanded}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-300"
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.label}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps focus in the input, so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(suggestion.label)}
                className={`flex cursor-pointer flex-wrap items-baseline gap-x-2 px-3.5 py-2.5 text-base ${
                  index === activeIndex ? 'bg-teal-700 text-white' : 'text-slate-900 hover:bg-teal-50'
                }`}
              >
                <span className="font-medium">{suggestion.label}</span>{' '}
                {suggestion.matchedName ? (
                  <span className={`text-sm ${index === activeIndex ? 'text-teal-50' : 'text-slate-600'}`}>
                    {t('symptom.alsoCalled', { name: suggestion.matchedName })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <Button type="submit" variant="secondary" className="shrink-0">
          {t('symptom.add')}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('symptom.hint')}
      </p>
    </form>
  );
}
