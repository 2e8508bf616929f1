import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts';
import { StationQualityView } from '@/features/data-quality';
import { NotFound } from '@/features/shell';
import { useReadIndustries } from '@/features/tenants';

/** /app/data-quality/stations/:id: one station's daily scores and flagged slots; its industry's page one click away. */
export function StationQualityRoute() {
  const { id } = useParams();
  const me = useMe();
  const { reads: oversight } = useReadIndustries(me.data);
  const stationId = Number(id);
  if (!Number.isInteger(stationId) || stationId <= 0) return <NotFound homeHref={paths.app.dataQuality.getHref()} />;
  return (
    <Container size="xl" px={0}>
      <StationQualityView
        stationId={stationId}
        industryHref={(tenantId) => (oversight ? paths.app.industry.getHref(tenantId, { station: stationId }) : paths.app.dashboard.getHref({ station: stationId }))}
      />
    </Container>
  );
}
