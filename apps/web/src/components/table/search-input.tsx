import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

interface SearchInputProps {
  label: string;
  /** The applied search (from the URL). */
  value: string;
  /** Called once typing pauses (300 ms). */
  onSearch: (value: string) => void;
  placeholder?: string;
}

/** A search box that applies what was typed once typing pauses, so a list asks the server once. */
export function SearchInput({ label, value, onSearch, placeholder }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const applied = useRef(value);

  // Back and forward change the URL under us: show what it says.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced !== applied.current) {
      applied.current = debounced;
      onSearch(debounced);
    }
  }, [debounced, onSearch]);

  return (
    <TextInput
      label={label}
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.currentTarget.value)}
      miw={220}
    />
  );
}
