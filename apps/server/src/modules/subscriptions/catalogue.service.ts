import type { z } from 'zod';
import type { Coupon, NewCoupon, NewPlanVersion, Plan } from '@enviro/contracts/subscriptions';
import { couponDefinitionProblem } from '@enviro/domain/subscriptions/coupons';
import { versionInForce } from '@enviro/domain/subscriptions/catalogue';
import { DEFAULT_TIME_ZONE, dayOf } from '@enviro/domain/time-zone';
import { assertSignedIn, isSiteAdmin } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { CatalogueRepository } from './catalogue.repository.ts';

/**
 * The plans and coupons the site sells (its routes declare siteAdmin for changes): a plan's price
 * changes by a new version from a day, so subscribers keep theirs until renewal; coupons are
 * checked when defined. Every change is audited in the site administrator's own tenant's log.
 */
export class CatalogueService {
  private readonly repo: CatalogueRepository;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new CatalogueRepository(db);
  }

  /** The plans, each with its versions and the one sold today; others than site administrators see only plans on sale. */
  async plans(auth: Auth): Promise<{ items: Plan[] }> {
    const user = assertSignedIn(auth);
    const today = dayOf(this.now(), DEFAULT_TIME_ZONE);
    const [plans, versions] = await Promise.all([this.repo.plans(), this.repo.versions()]);
    const items = plans
      .filter((p) => p.active || isSiteAdmin(user))
      .map((p) => {
        const own = versions.filter((v) => v.planCode === p.code);
        return { ...p, versions: own.map(({ planCode: _, ...v }) => v), current: versionInForce(own, today)?.version ?? null };
      })
      .filter((p) => p.current !== null || isSiteAdmin(user));
    return { items };
  }

  /** A new plan, or new prices of one from a day on (a new version). */
  async addPlanVersion(auth: Auth, input: z.output<typeof NewPlanVersion>): Promise<Plan> {
    const user = assertSignedIn(auth);
    const today = dayOf(this.now(), DEFAULT_TIME_ZONE);
    if (input.effectiveFrom < today) throw badRequest('effectiveFrom', 'new prices start today or later: subscribers keep the prices they bought');
    const version = await this.db.transaction().execute(async (trx) => {
      const v = await this.repo.in(trx).addVersion(input);
      await recordAudit(trx, { tenantId: user.homeTenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.plan', entity: `plan:${input.code}`, before: null, after: { ...input, version: v } });
      return v;
    });
    const plan = (await this.plans(auth)).items.find((p) => p.code === input.code)!;
    return { ...plan, current: plan.current ?? version };
  }

  async coupons(auth: Auth): Promise<{ items: Coupon[] }> {
    assertSignedIn(auth);
    return { items: (await this.repo.coupons()).map((c) => ({ ...c, planCodes: [...c.planCodes] })) };
  }

  /** A new coupon; 409 when its code is taken, 400 naming a plan that does not exist. */
  async addCoupon(auth: Auth, input: z.output<typeof NewCoupon>): Promise<Coupon> {
    const user = assertSignedIn(auth);
    const problem = couponDefinitionProblem(input);
    if (problem) throw badRequest(problem.field, problem.reason);
    const plans = new Set((await this.repo.plans()).map((p) => p.code));
    const unknown = input.planCodes.find((c) => !plans.has(c));
    if (unknown) throw badRequest('planCodes', `no plan ${unknown}`);
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.in(trx).addCoupon(input))) throw conflict('code', `a coupon ${input.code} exists already`);
      await recordAudit(trx, { tenantId: user.homeTenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'subscription.coupon.add', entity: `coupon:${input.code}`, before: null, after: input });
    });
    return { ...(await this.repo.coupon(input.code))!, planCodes: [...input.planCodes] };
  }
}
