import { Center, Loader } from '@mantine/core';

/** Shown while the first route's code loads. */
export function RouteLoading() {
  return (
    <Center h="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
