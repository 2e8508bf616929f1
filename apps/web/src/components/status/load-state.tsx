import { Button, Center, Loader, Stack, Text } from '@mantine/core';

/** A page's data on its way. */
export function Loading({ h = 240 }: { h?: number | string }) {
  return (
    <Center h={h}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** A page's data could not be had: what failed, and a way to ask again. */
export function LoadFailed({ what, onRetry, h = 240 }: { what: string; onRetry: () => void; h?: number | string }) {
  return (
    <Center h={h}>
      <Stack align="center">
        <Text>{what} could not be loaded.</Text>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
