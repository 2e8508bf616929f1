import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { useManageableTenants } from '@/features/tenants';

/**
 * Manage mode (SPEC 6): a site or partner user picks an industry to act for. The search runs on
 * the server (GET /api/tenants?manage=true&searchString=...), so any number of tenants works.
 */
export function TenantSwitcher({ actingTenantId, onSelect }: { actingTenantId: number | null; onSelect: (tenant: TenantInfo) => void }) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const tenants = useManageableTenants(debounced, opened);
  const items = tenants.data?.items ?? [];
  const data = items.map((t) => ({ value: String(t.id), label: [t.name, t.city].filter(Boolean).join(', ') }));

  return (
    <Select
      label="Act for an industry"
      placeholder="Search industries"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // The server already filtered: show its answer as it is.
      filter={({ options }) => options}
      data={data}
      value={actingTenantId === null ? null : String(actingTenantId)}
      onChange={(value) => {
        const tenant = items.find((t) => String(t.id) === value);
        if (tenant) onSelect(tenant);
        setSearch('');
      }}
      nothingFoundMessage={tenants.isFetching ? 'Searching…' : 'No industry matches'}
      comboboxProps={{ withinPortal: true }}
      aria-label="Act for an industry"
    />
  );
}
