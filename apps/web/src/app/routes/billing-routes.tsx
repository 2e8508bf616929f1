import { useParams } from 'react-router';
import { CheckoutView, SelectPlanView } from '@/features/subscriptions';

/** /billing/selectplan/:tenantId (SPEC 2: no header). */
export function SelectPlanRoute() {
  return <SelectPlanView tenantId={Number(useParams().tenantId)} />;
}

/** /billing/checkout/:tenantId/:orderId (SPEC 2: no header). */
export function CheckoutRoute() {
  const { tenantId, orderId } = useParams();
  return <CheckoutView tenantId={Number(tenantId)} orderId={Number(orderId)} />;
}
