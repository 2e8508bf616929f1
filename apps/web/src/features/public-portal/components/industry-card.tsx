import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IndustrySummary } from '@enviro/contracts/public-portal';
import { DataAge } from '@/components/status/data-age';
import { paths } from '@/config/paths';
import { LIVE_STATUS_WORDS, LIVE_STATUSES, LIVE_STATUS_COLOURS, stationTypeLabel } from '@/lib/labels';

interface IndustryCardProps {
  industry: IndustrySummary;
  /** The board whose list this is: the industry page's back action returns here. */
  boardId: number;
}

export function IndustryCard({ industry, boardId }: IndustryCardProps) {
  const place = [industry.industryCategory, industry.city].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="md" component="article" aria-label={industry.name}>
      <Stack gap="xs">
        <div>
          <Anchor component={Link} to={paths.public.industry.getHref(industry.id, { back: boardId })} fw={700} fz="lg">
            {industry.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {industry.displayId}
            {place && ` · ${place}`}
          </Text>
        </div>
        <Group gap={6} aria-label="Stations by type">
          <Text size="sm">{industry.stationCount} stations</Text>
          {industry.stationTypes.map((t) => (
            <Badge key={t.type} variant="outline" color="teal" data-station-type={t.type}>
              {stationTypeLabel(t.type)} {t.count}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" aria-label="Stations by live status">
          {LIVE_STATUSES.map((s) => (
            <Badge key={s} color={LIVE_STATUS_COLOURS[s]} variant="dot" tt="none" data-live-status={s}>
              {LIVE_STATUS_WORDS[s]} {industry.liveStatus[s]}
            </Badge>
          ))}
        </Group>
        <DataAge lastDataAt={industry.lastDataAt} />
      </Stack>
    </Card>
  );
}
