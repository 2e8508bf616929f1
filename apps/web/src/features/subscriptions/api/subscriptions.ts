import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CancelResult, Coupon, CouponList, CouponQuote, InvoiceList, InvoiceSummary, Order, Plan, PlanList, Receivables, SubscriptionList, SubscriptionView,
  type ChangePlanBody, type NewCoupon, type NewPlanVersion,
} from '@enviro/contracts/subscriptions';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { subscriptionKeys } from './query-keys';

/** GET /api/payment/subscription/{tenantId}; polled while an order waits for its payment (`poll`). */
export const useSubscription = (tenantId: number, poll = false) =>
  useQuery({
    queryKey: subscriptionKeys.view(tenantId),
    queryFn: ({ signal }) => api.get(`/payment/subscription/${tenantId}`, { schema: SubscriptionView, ...withSignal(signal) }),
    refetchInterval: poll ? 5_000 : false,
  });

export const usePlans = () => useQuery({ queryKey: subscriptionKeys.plans, queryFn: ({ signal }) => api.get('/subscription-plans', { schema: PlanList, ...withSignal(signal) }) });
export const useCoupons = () => useQuery({ queryKey: subscriptionKeys.coupons, queryFn: ({ signal }) => api.get('/coupons', { schema: CouponList, ...withSignal(signal) }) });
export const useSubscriptionList = (status: string | null) =>
  useQuery({ queryKey: subscriptionKeys.list(status), queryFn: ({ signal }) => api.get('/subscriptions', { params: { status }, schema: SubscriptionList, ...withSignal(signal) }) });
export const useReceivables = () => useQuery({ queryKey: subscriptionKeys.receivables, queryFn: ({ signal }) => api.get('/receivables', { schema: Receivables, ...withSignal(signal) }) });

/** GET /api/invoices?eInvoice=FAILED: every industry's invoices no try registered with the IRP. */
export const useFailedEInvoices = () =>
  useQuery({ queryKey: subscriptionKeys.eInvoiceQueue, queryFn: ({ signal }) => api.get('/invoices', { params: { eInvoice: 'FAILED' }, schema: InvoiceList, ...withSignal(signal) }) });

function useBillingWrite<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: subscriptionKeys.all }) });
}

/** POST /api/tenant/{id}/renewSubscription: the renewal order (the same one however often clicked). */
export const useRenew = (tenantId: number) => useBillingWrite(() => api.post(`/tenant/${tenantId}/renewSubscription`, { body: {}, schema: Order }));
/** POST /api/tenant/{id}/changePlan. */
export const useChangePlan = (tenantId: number) => useBillingWrite((body: ChangePlanBody) => api.post(`/tenant/${tenantId}/changePlan`, { body, schema: Order }));
/** POST /api/tenant/{id}/applyCoupon. */
export const useApplyCoupon = (tenantId: number) =>
  useBillingWrite((body: { planCode: string; couponCode: string }) => api.post(`/tenant/${tenantId}/applyCoupon`, { body, schema: CouponQuote }));
/** POST /api/cancelSubscription/{id}. */
export const useCancel = (tenantId: number) =>
  useBillingWrite((action: 'AT_TERM_END' | 'IMMEDIATE' | 'UNDO') => api.post(`/cancelSubscription/${tenantId}`, { body: { action }, schema: CancelResult }));
export const useAddPlan = () => useBillingWrite((body: NewPlanVersion) => api.post('/subscription-plans', { body, schema: Plan }));
/** POST /api/invoices/{id}/retryEInvoice: a fresh series of tries, the first at once. */
export const useRetryEInvoice = () => useBillingWrite((id: number) => api.post(`/invoices/${id}/retryEInvoice`, { body: {}, schema: InvoiceSummary }));
export const useAddCoupon = () => useBillingWrite((body: NewCoupon) => api.post('/coupons', { body, schema: Coupon }));

/** The invoice's PDF (a GET the browser downloads with the session cookie). */
export const invoicePdfHref = (id: number) => `/api/invoices/${id}/pdf`;
