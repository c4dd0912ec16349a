import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { filterSuggestions, searchUrl } from '@shared/suggestions';
import { messages } from '@shared/messages';
import { SearchIcon } from '@/components/ui/icons';

/** Suggestions stay this long after the input loses focus, so a click on one still lands (SPEC.md §9). */
const SUGGESTION_HIDE_DELAY_MS = 100;

/** Search is a full page navigation to /searchquer?q=..., and only for non-blank text. */
function runSearch(text: string): void {
  const url = searchUrl(text);
  if (url) window.location.assign(url);
}

export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<number | undefined>(undefined);
  const suggestions = filterSuggestions(text);
  const showList = open && suggestions.length > 0;

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    runSearch(text);
  };

  const choose = (suggestion: string) => {
    setText(suggestion);
    setOpen(false);
    runSearch(suggestion);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (suggestions.length === 0 ? -1 : (i + step + suggestions.length) % suggestions.length));
    } else if (e.key === 'Escape' && open) {
      // The first Esc closes the suggestions (and keeps the text a search box would otherwise clear).
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && showList && active >= 0 && suggestions[active] !== undefined) {
      e.preventDefault();
      choose(suggestions[active]);
    }
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative flex w-full">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="q"
        value={text}
        placeholder={messages.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          window.clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = window.setTimeout(() => {
            setOpen(false);
            setActive(-1);
          }, SUGGESTION_HIDE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
        className="min-w-0 flex-1 rounded-l-md border border-r-0 border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600"
      />
      <button
        type="submit"
        className="inline-flex items-center gap-1.5 rounded-r-md bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-800 sm:px-4"
      >
        <SearchIcon />
        Search
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[15rem] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          // The keyboard chooses on the combobox's input (arrows, Enter; aria-activedescendant), as the ARIA
          // combobox pattern has it: an option is never focused, so it has no key handler of its own.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={s}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onClick={() => choose(s)}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-3 py-2 text-slate-800 ${i === active ? 'bg-brand-50 text-brand-900' : ''}`}
          >
            {s}
          </li>
        ))}
      </ul>
    </form>
  );
}
