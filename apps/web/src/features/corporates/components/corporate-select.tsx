import { Select } from '@mantine/core';
import { useCorporates } from '../api/get-corporates';

interface CorporateSelectProps {
  label?: string;
  /** Corporate id, or null for none. */
  value: number | null;
  onChange: (corporateId: number | null) => void;
  error?: string | undefined;
  w?: number;
}

/** Picks one of the corporates the caller may see, by name; clearable. */
export function CorporateSelect({ label = 'Corporate', value, onChange, error, w }: CorporateSelectProps) {
  const corporates = useCorporates();
  return (
    <Select
      label={label}
      clearable
      searchable
      data={(corporates.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value === null ? null : String(value)}
      error={error}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      w={w}
    />
  );
}
