import { Stack, Text, Title } from '@mantine/core';
import { GridFactorsPanel } from './grid-factors-panel';

/**
 * The site administrators' screen of CEA's grid emission factors: the Scope 2 factor of every
 * industry's energy app, one a financial year, extended as CEA publishes a new version (the menu
 * and the route admit site administrators only, as PUT /api/energy/grid-factors does).
 */
export function GridFactorsView() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Grid emission factors
        </Title>
        <Text c="dimmed">CEA's CO₂ Baseline Database: tonnes of CO₂ per MWh taken from the grid, by financial year. Every industry's Scope 2 uses the factor of its year.</Text>
      </div>
      <GridFactorsPanel canEdit />
    </Stack>
  );
}
