import { Alert, Anchor, Button, Card, Container, Group, NumberInput, Radio, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { termPrice, type PlanVersion } from '@enviro/domain/subscriptions/catalogue';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useChangePlan, usePlans } from '../api/subscriptions';
import { rupees, TERM_LABELS } from './billing-labels';

const count = (v: string | null) => Math.max(0, Math.min(1000, Math.trunc(Number(v ?? 0)) || 0));

/**
 * SPEC 2's select-plan page (no header): a plan, its term, add-on stations and cameras and a
 * coupon, every choice in the URL; the price before GST as the server will charge it; continuing
 * raises the order and opens its checkout page.
 */
export function SelectPlanView({ tenantId }: { tenantId: number }) {
  const [search, update] = useSearchChoices();
  const navigate = useNavigate();
  const plans = usePlans();
  const change = useChangePlan(tenantId);
  const term = search.get('term') === 'MONTHLY' ? 'MONTHLY' : 'ANNUAL';
  const stations = count(search.get('stations'));
  const cameras = count(search.get('cameras'));
  const coupon = search.get('coupon') ?? '';
  if (plans.isPending) return <Loading />;
  if (plans.isError) return <LoadFailed what="the plans" onRetry={() => void plans.refetch()} />;
  const onSale = plans.data.items.filter((p) => p.current !== null);
  const code = search.get('plan') ?? onSale[0]?.code ?? '';
  const plan = onSale.find((p) => p.code === code);
  const version = plan?.versions.find((v) => v.version === plan.current);
  const price = version ? termPrice({ ...version, planCode: plan!.code } as PlanVersion, term, { stations, cameras }) : 0;
  const error = change.error as ApiError | null;
  return (
    <Container size="md" py="xl">
      <Stack>
        <Anchor component={Link} to={paths.app.subscriptions.getHref()} size="sm">
          ← Back to billing
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Choose a plan
        </Title>
        <Radio.Group value={code} onChange={(v) => update({ plan: v })} label="Plan">
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {onSale.map((p) => {
              const v = p.versions.find((x) => x.version === p.current)!;
              return (
                <Card key={p.code} withBorder component="label" style={{ cursor: 'pointer' }}>
                  <Group align="start" wrap="nowrap">
                    <Radio value={p.code} aria-label={p.name} />
                    <div>
                      <Text fw={700}>{p.name}</Text>
                      <Text size="sm" c="dimmed">
                        {p.description}
                      </Text>
                      <Text size="sm">
                        {v.includedStations} stations; {rupees(v.monthly)} a month or {rupees(v.annual)} a year; add-on station {rupees(v.stationAddOnMonthly)} a month
                      </Text>
                    </div>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <SegmentedControl value={term} onChange={(v) => update({ term: v })} data={[{ value: 'ANNUAL', label: TERM_LABELS.ANNUAL }, { value: 'MONTHLY', label: TERM_LABELS.MONTHLY }]} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Add-on stations" min={0} max={1000} allowDecimal={false} value={stations} onChange={(v) => update({ stations: String(v || '') || null })} />
          <NumberInput label="Add-on cameras" min={0} max={1000} allowDecimal={false} value={cameras} onChange={(v) => update({ cameras: String(v || '') || null })} />
          <TextInput label="Coupon code" maxLength={32} value={coupon} onChange={(e) => update({ coupon: e.currentTarget.value.toUpperCase() || null })} error={error?.field === 'couponCode' ? error.message : undefined} />
        </SimpleGrid>
        <Text fw={600}>
          {TERM_LABELS[term]} price before coupon and GST: {rupees(price)}
        </Text>
        {error && error.field !== 'couponCode' && <Alert color="red">{error.message}</Alert>}
        <Group>
          <Button
            disabled={!plan}
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { planCode: code, term, addOnStations: stations, addOnCameras: cameras, ...(coupon ? { couponCode: coupon } : {}) },
                { onSuccess: (o) => void navigate(paths.billing.checkout.getHref(tenantId, o.id)) },
              )
            }
          >
            Continue to payment
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
