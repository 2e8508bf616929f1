import { Alert, Anchor, Paper, Skeleton, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '@/features/accounts';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import { usePublication, useSetPublication } from '../api/publication';

/**
 * A board's open data setting on its users' account page: whether its industries' data are
 * published through the open data API. Its administrators switch it; its other users see it.
 */
export function PublicationCard() {
  const me = useMe();
  if (me.data?.userType !== 'statutory') return null;
  return <BoardPublication boardId={me.data.tenant.id} mayChange={me.data.role === 'admin' || me.data.role === 'statutory'} />;
}

function BoardPublication({ boardId, mayChange }: { boardId: number; mayChange: boolean }) {
  const publication = usePublication(boardId);
  const set = useSetPublication(boardId);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="xs">
        Open data
      </Title>
      <Text size="sm" mb="sm">
        Publish your industries’ measurements through the{' '}
        <Anchor component={Link} to={paths.developers.getHref()}>
          open data API
        </Anchor>{' '}
        and its monthly files, for citizens, journalists and researchers, under the GODL-India licence. Nothing is published until you
        turn this on; turning it off withdraws everything at once.
      </Text>
      {publication.isError ? (
        <Alert color="red">The setting could not be loaded: {publication.error.message}</Alert>
      ) : !publication.data ? (
        <Skeleton h={24} w={240} />
      ) : (
        <>
          <Switch
            label={publication.data.published ? 'Published' : 'Not published'}
            checked={publication.data.published}
            disabled={!mayChange || set.isPending}
            onChange={(e) => set.mutate(e.currentTarget.checked)}
          />
          {publication.data.publishedSince && (
            <Text size="sm" c="dimmed" mt={4}>
              Since {formatInstant(publication.data.publishedSince)}
            </Text>
          )}
          {!mayChange && (
            <Text size="sm" c="dimmed" mt={4}>
              Only your board’s administrators change this.
            </Text>
          )}
          {set.isError && <Text c="red">{set.error.message}</Text>}
        </>
      )}
    </Paper>
  );
}
