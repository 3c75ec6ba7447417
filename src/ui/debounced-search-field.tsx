import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/debounce';
import { SearchField } from './search-field';

/**
 * A search box for a list whose search lives in the URL: the text is sent once typing pauses
 * (no request per keystroke), trimmed, and only when it differs from `value`; when `value`
 * changes under it (Back, Reset filters) the box shows it; its own search coming back through
 * the URL leaves the text as the user has it.
 */
export function DebouncedSearchField({
  label,
  value,
  onSearch,
  delay = 300,
}: {
  label: string;
  /** The search as the URL has it; undefined for none. */
  value: string | undefined;
  /** The settled text, or undefined once the box is empty. */
  onSearch: (text: string | undefined) => void;
  /** The pause in typing, in milliseconds, after which the text is sent. */
  delay?: number;
}) {
  const searched = value ?? '';
  const [text, setText] = useState(searched);
  const settled = useDebouncedValue(text, delay);
  // What this box last sent. The URL coming back with it is an echo, not a change from elsewhere:
  // the box keeps what the user typed since (a letter typed while the list reloads, or the space
  // the sent text was trimmed of, would otherwise vanish from under the cursor).
  const sent = useRef(searched);
  useEffect(() => {
    if (searched !== sent.current) setText(searched);
    sent.current = searched;
  }, [searched]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes, not when the URL does
  useEffect(() => {
    const search = settled.trim();
    if (search === searched) return;
    sent.current = search;
    onSearch(search || undefined);
  }, [settled]);
  return <SearchField label={label} value={text} onChange={setText} />;
}
