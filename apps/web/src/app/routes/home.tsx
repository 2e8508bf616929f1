import { Button, Container, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Landing page: the public portal is reached through a board's industries link. */
export function HomeRoute() {
  const navigate = useNavigate();
  const [boardId, setBoardId] = useState<string | number>('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (typeof boardId === 'number') void navigate(paths.public.industries.getHref(boardId));
  };
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Enviro public portal</Title>
        <Text>
          Live emission, effluent and ambient air data of industries, as published by state pollution control
          boards. Open the link your board published, or enter the board&apos;s id.
        </Text>
        <form onSubmit={open}>
          <Group align="end">
            <NumberInput
              label="Board id"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={boardId}
              onChange={setBoardId}
              w={160}
            />
            <Button type="submit" disabled={typeof boardId !== 'number'}>
              Show industries
            </Button>
          </Group>
        </form>
      </Stack>
    </Container>
  );
}
