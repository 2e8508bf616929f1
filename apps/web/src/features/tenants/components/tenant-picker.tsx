import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { useTenants } from '../api/get-tenants';

interface TenantPickerProps {
  label: string;
  value: TenantInfo | null;
  onChange: (tenant: TenantInfo | null) => void;
  error?: string | undefined;
  required?: boolean;
  /** Shown while no tenant is picked. */
  placeholder?: string;
}

/** Picks a tenant by name, searching on the server as the user types. */
export function TenantPicker({ label, value, onChange, error, required, placeholder }: TenantPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const searching = value !== null && search === value.name ? undefined : debounced || undefined;
  const tenants = useTenants({ searchString: searching, size: 50, sort: 'name' });
  const found = tenants.data?.items ?? [];
  const options = value && !found.some((t) => t.id === value.id) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      required={required}
      placeholder={placeholder}
      searchable
      clearable
      error={error}
      data={options.map((t) => ({ value: String(t.id), label: t.name }))}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((t) => String(t.id) === id) ?? null)}
      nothingFoundMessage={tenants.isFetching ? 'Searching…' : 'No tenant found'}
      filter={({ options: o }) => o}
    />
  );
}
