import { Badge } from '@mantine/core';

/** Where a score stops being good and starts being poor: thresholds of the screen, not of the score (DEFINITIONS.md). */
const GOOD = 98;
const FAIR = 90;

export const scoreColour = (score: number | null): string => (score === null ? 'gray' : score >= GOOD ? 'green' : score >= FAIR ? 'yellow' : 'red');

/** A data-quality score in % (one decimal), coloured green from 98 %, yellow from 90 %, red below. */
export function ScoreBadge({ score, label }: { score: number | null; label?: string }) {
  const text = score === null ? 'No data' : `${score.toFixed(1)} %`;
  return (
    <Badge color={scoreColour(score)} variant="filled" size="lg" radius="sm" aria-label={`${label ?? 'Data-quality score'}: ${text}`} style={{ flex: '0 0 auto' }}>
      {text}
    </Badge>
  );
}
