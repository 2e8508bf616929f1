import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The parts the request screens share (change requests, warranty requests): the page of an id that
 * is not there, the head with status badges, title, text and the caller's moves, and the facts with
 * the attached documents.
 */

export function RequestNotFound({ title, text, backHref, backLabel }: { title: string; text: string; backHref: string; backLabel: string }) {
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text>{text}</Text>
      <Anchor component={Link} to={backHref}>
        {backLabel}
      </Anchor>
    </Stack>
  );
}

/** A move the caller may make: its button's words, and whether it is the main one or a refusal. */
export interface MoveButton<S extends string> {
  status: S;
  label: string;
  main?: boolean;
  danger?: boolean;
}

export function RequestHead<S extends string>({
  backHref,
  backLabel,
  badges,
  title,
  text,
  moves,
  onMove,
}: {
  backHref: string;
  backLabel: string;
  badges: ReactNode;
  title: string;
  text: string;
  moves: readonly MoveButton<S>[];
  onMove: (status: S) => void;
}) {
  return (
    <>
      <Anchor component={Link} to={backHref} size="sm">
        ← {backLabel}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={4}>{badges}</Group>
          <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
            {title}
          </Title>
          <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</Text>
        </div>
        {moves.length > 0 && (
          <Group gap="xs">
            {moves.map((m) => (
              <Button key={m.status} variant={m.main ? 'filled' : 'default'} color={m.danger ? 'red' : undefined} onClick={() => onMove(m.status)}>
                {m.label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
    </>
  );
}

/** The request's facts as a description list, its attached documents below them, and any note. */
export function RequestFacts({
  facts,
  columns = 3,
  documents = [],
  documentsLabel = 'Documents',
  children,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  columns?: number;
  documents?: readonly { id: number; fileName: string }[];
  documentsLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: columns }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {documents.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mt="sm">
            {documentsLabel}
          </Text>
          <List size="sm">
            {documents.map((d) => (
              <List.Item key={d.id}>{d.fileName}</List.Item>
            ))}
          </List>
        </>
      )}
      {children}
    </Paper>
  );
}
