import type { FastifyInstance } from 'fastify';
import { termLines } from '@enviro/domain/subscriptions/catalogue';
import { termEnd } from '@enviro/domain/subscriptions/terms';
import { addDays } from '@enviro/domain/time-zone';

/** What the billing demo made, for the seed's log and its test. */
export interface SubscriptionsDemo {
  paidInvoices: number;
  withCoupon: number;
  trial: number;
  grace: number;
  expired: number;
  reminders: number;
}

/**
 * The demo's billing (issue 34): two plans (Standard with a price change due next month, so its
 * subscribers keep the old price until renewal; Premium), coupons, and each industry's subscription
 * by its status: ENABLED ones bought an annual plan some months ago and have a paid invoice (the
 * first two with the WELCOME10 coupon); TRIAL ones a trial ending in 10 days; GRACE ones a term that
 * ended 8 days ago, an open renewal order and the 7-days-left reminder mailed by the lifecycle pass;
 * the EXPIRED one a term that ended 40 days ago (its data still go to the board's regulator: the
 * regulator demo maps every industry of the board).
 */
export async function seedDemoSubscriptions(app: Pick<FastifyInstance, 'subscriptions'>, tenantIds: readonly number[]): Promise<SubscriptionsDemo> {
  const billing = app.subscriptions.billing;
  // Billing's own today, not the history's end: terms, grace and invoices are dated by the clock the lifecycle runs on.
  const today = billing.today();
  const start = addDays(today, -400);
  const standard = { code: 'STANDARD', name: 'Standard', description: 'Continuous monitoring of up to 3 stations, regulator push, alerts and reports', effectiveFrom: start, monthly: 6_500_00, annual: 65_000_00, includedStations: 3, stationAddOnMonthly: 1_200_00, cameraAddOnMonthly: 600_00, sac: '997331' };
  await billing.catalogue.addVersion(standard);
  await billing.catalogue.addVersion({ ...standard, effectiveFrom: addDays(today, 30), monthly: 7_000_00, annual: 70_000_00 });
  await billing.catalogue.addVersion({ ...standard, code: 'PREMIUM', name: 'Premium', description: 'Up to 8 stations, cameras, data-quality evidence and priority support', monthly: 14_000_00, annual: 1_40_000_00, includedStations: 8 });
  await billing.catalogue.addCoupon({ code: 'WELCOME10', kind: 'PERCENT', value: 1000, validUntil: addDays(today, 60), maxRedemptions: 50, duration: 'ONCE', planCodes: ['STANDARD', 'PREMIUM'] });
  await billing.catalogue.addCoupon({ code: 'CETP5000', kind: 'FIXED', value: 5_000_00, validUntil: null, maxRedemptions: null, duration: 'RECURRING', planCodes: ['PREMIUM'] });
  await billing.catalogue.addCoupon({ code: 'DIWALI25', kind: 'PERCENT', value: 2500, validUntil: addDays(today, -20), maxRedemptions: 100, duration: 'ONCE', planCodes: [] });

  const out: SubscriptionsDemo = { paidInvoices: 0, withCoupon: 0, trial: 0, grace: 0, expired: 0, reminders: 0 };
  const [v1] = (await billing.catalogue.versions('STANDARD')).filter((v) => v.version === 1);
  const addOns = { stations: 1, cameras: 0 };
  for (const tenantId of tenantIds) {
    const tenant = await billing.repo.tenant(tenantId);
    if (!tenant) continue;
    const base = { tenantId, planCode: 'STANDARD', planVersion: 1, addOnStations: addOns.stations, addOnCameras: 0, couponCode: null, graceDays: 15, mandateToken: null };
    if (tenant.status === 'ENABLED') {
      // Bought an annual plan 120 days ago; paid now (the invoice is dated today), some with a coupon.
      const from = addDays(today, -120);
      const coupon = out.withCoupon < 2 ? await billing.catalogue.coupon('WELCOME10') : undefined;
      const pricing = billing.price(termLines(v1!, 'ANNUAL', addOns), coupon ?? null, await billing.placeOfSupply(tenantId));
      const { order } = await billing.raiseOrder(billing.db, { tenantId, purpose: 'NEW', periodStart: from, periodEnd: termEnd(from, 'ANNUAL'), planCode: 'STANDARD', planVersion: 1, term: 'ANNUAL', addOnStations: 1, addOnCameras: 0, ...pricing, hasMandate: false });
      const paid = await billing.settle(tenantId, order.id, `pay_demo_${tenantId}_${order.id}`, order.total);
      if (paid.outcome === 'SETTLED') out.paidInvoices++;
      if (coupon) out.withCoupon++;
    } else if (tenant.status === 'TRIAL') {
      await billing.repo.insertSubscription({ ...base, term: 'MONTHLY', termStart: addDays(today, -20), termEnd: addDays(today, 10), paid: 0 });
      out.trial++;
    } else if (tenant.status === 'GRACE') {
      await billing.repo.insertSubscription({ ...base, term: 'ANNUAL', termStart: addDays(today, -373), termEnd: addDays(today, -8), paid: 58_500_00 + 14_400_00 });
      const s = (await billing.repo.subscription(tenantId))!;
      await billing.renewalOrder(billing.db, s, 'ANNUAL');
      out.grace++;
    } else if (tenant.status === 'EXPIRED') {
      await billing.repo.insertSubscription({ ...base, term: 'ANNUAL', termStart: addDays(today, -405), termEnd: addDays(today, -40), paid: 58_500_00 });
      out.expired++;
    }
  }
  // The industries in grace get their "7 days left" reminder (and are mailed) now.
  out.reminders = (await billing.lifecyclePass()).reminded;
  return out;
}
