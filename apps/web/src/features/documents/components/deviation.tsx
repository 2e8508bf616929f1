import { Badge, Text } from '@mantine/core';

/** A deviation of the analyser's average from a lab's result: within 10 % reads green, beyond 20 % red. */
export function Deviation({ percent }: { percent: number | null }) {
  if (percent === null)
    return (
      <Text span c="dimmed">
        no continuous data
      </Text>
    );
  const size = Math.abs(percent);
  return <Badge color={size <= 10 ? 'green.9' : size <= 20 ? 'orange.8' : 'red.9'}>{`${percent > 0 ? '+' : ''}${percent} %`}</Badge>;
}
