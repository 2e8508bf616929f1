import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { type BackLink, IndustryView, useBoards } from '@/features/public-portal';
import { usePublicTenant } from './public-layout';

export function IndustryRoute() {
  const tenant = usePublicTenant();
  const [params] = useSearchParams();
  // A shared link names no board (?back): lead back to the board it reports to, else to every board.
  const named = params.has('back');
  const boards = useBoards({ industryId: tenant.id }, !named);
  const board = boards.data?.[0];
  const backLink: BackLink | undefined = named || boards.isPending
    ? undefined
    : board
      ? { to: paths.public.industries.getHref(board.id), label: `Industries of ${board.name}` }
      : { to: paths.home.getHref(), label: 'All boards' };
  return (
    <Container size="xl" py="md">
      <IndustryView tenant={tenant} backLink={backLink} />
    </Container>
  );
}
