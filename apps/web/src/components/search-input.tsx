import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  value: string;
  onSearch: (text: string) => void;
};

/** A search box, marked by its magnifier: each change reaches `onSearch` as it is typed. */
export function SearchInput({ onSearch, ...props }: Props) {
  return (
    <TextInput
      {...props}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(e) => onSearch(e.currentTarget.value)}
    />
  );
}

/**
 * A search over pages of results: what is typed, the trimmed search it settles to a moment later
 * (one request, not one a letter), and the page shown, which a new search sets back to the first.
 */
export function usePagedSearch() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 250);
  const [page, setPage] = useState(0);
  const type = (typed: string) => {
    setText(typed);
    setPage(0);
  };
  return { text, type, search, page, setPage };
}
