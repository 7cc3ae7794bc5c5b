import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Typing pauses this long before the list is asked again. Short: the searched page answers in tens of
 * milliseconds and the previous rows stay until it does, so the delay is most of what a merchant waits
 * (the target is rows within 250 ms of the last key).
 */
const SEARCH_DEBOUNCE_MS = 150;

export interface SearchFilterProps {
  readonly label: string;
  readonly placeholder?: string;
  /** The search in the URL. */
  readonly value: string | undefined;
  readonly onChange: (search: string | undefined) => void;
  readonly maxLength?: number;
  readonly delayMs?: number;
}

/**
 * The list's search box: it commits when typing pauses (or on Enter), and follows the URL when the
 * search changes from elsewhere (Back, Clear filters) without losing what is being typed.
 */
export function SearchFilter({
  label,
  placeholder,
  value = '',
  onChange,
  maxLength = 200,
  delayMs = SEARCH_DEBOUNCE_MS,
}: SearchFilterProps) {
  const { t } = useTranslation('lists');
  const [text, setText] = useState(value);
  // The URL's search as last seen, and the one this box sent: its own echo must not reset the text.
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setText(value);
    setSent(null);
  }

  const commit = (next: string) => {
    const search = next.trim();
    if (search === value) return;
    setSent(search);
    onChange(search === '' ? undefined : search);
  };
  const debounced = useDebouncedCallback(commit, delayMs);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        text === '' ? undefined : (
          <CloseButton
            size="sm"
            aria-label={t('filters.clearSearch')}
            onClick={() => {
              debounced.cancel();
              setText('');
              commit('');
            }}
          />
        )
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          debounced.cancel();
          commit(event.currentTarget.value);
        }
      }}
    />
  );
}
