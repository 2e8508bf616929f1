import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OperatorProvisioning } from '../operator-provisioning.ts';
import type { Db } from '../platform/database/database.ts';
import { CorporateRepository } from '../modules/corporates/corporates.repository.ts';
import { PartnerTenantRepository } from '../modules/partners/partners.repository.ts';
import { TenantRepository } from '../modules/tenants/tenants.repository.ts';

/** One sign-in of the demo, for the start-up log and the README. */
export interface DemoAccount {
  userName: string;
  /** Who signs in with it, e.g. 'site administrator'. */
  who: string;
}

export interface DemoAccounts {
  accounts: DemoAccount[];
  /** The password of every demo account: DEMO_PASSWORD, or a random one printed once at seeding. */
  password: string;
}

const DOMAIN = 'enviro.demo';
export const DEMO_CGWA = 'Central Ground Water Authority';
export const DEMO_INVESTOR = 'Thar Infrastructure Fund';
export const DEMO_QUASI_REGULATOR = 'NGT Joint Monitoring Committee, Rajasthan';
/** The investor's industries and the committee's, by their place in the demo catalogue. */
const INVESTMENTS = [2, 3, 4];
const WATCHED = [0, 2, 4, 6, 11];

function pick(ids: readonly number[], places: readonly number[]): number[] {
  return places.map((i) => ids[i]).filter((id): id is number => id !== undefined);
}

/**
 * Users of every kind the product serves (SPEC 6 user types), so a first start can be signed into
 * at once: the site operator, the board, an industry's admin and user, a partner (an installer
 * servicing three industries), a corporate owning two of them, the CGWA (the industries with
 * ground-water stations), an investor (the industries it invests in) and a quasi-regulator (a
 * monitoring committee watching five industries). They share one password, given or random.
 */
export async function seedDemoAccounts(
  db: Db,
  app: Pick<FastifyInstance, 'tenants' | 'entities' | 'devices' | 'users'>,
  demo: {
    statutoryTenantId: number;
    industryTenantIds: readonly number[];
    /** The industries with ground-water stations, which report to the CGWA too. */
    groundWaterTenantIds: readonly number[];
    password?: string | undefined;
  },
): Promise<DemoAccounts> {
  const password = demo.password ?? randomBytes(12).toString('base64url');
  const provisioning = OperatorProvisioning.of(app);
  const userAccounts = app.users.accounts;
  const actor = { name: 'seed', userId: null };
  const [first, second, third] = demo.industryTenantIds;
  if (first === undefined || second === undefined || third === undefined) throw new Error('the demo needs three industries');

  const { id: site } = await provisioning.createTenant({ name: 'Enviro Operations', type: 'site', state: 'Rajasthan', city: 'Jaipur' });
  const { id: partner } = await provisioning.createTenant({ name: 'Marudhar Instruments (service partner)', type: 'partner', state: 'Rajasthan', city: 'Jodhpur' });
  const links = new PartnerTenantRepository(db);
  for (const tenantId of [first, second, third]) await links.link(partner, tenantId);
  const corporateId = await new CorporateRepository(db).create({ name: 'Aravali Group', contact_email: null, contact_phone: null });
  const tenants = new TenantRepository(db);
  for (const tenantId of [first, second]) await tenants.update(tenantId, { corporate_id: corporateId });
  const { id: headOffice } = await provisioning.createTenant({
    name: 'Aravali Group head office',
    type: 'corporate_admin',
    corporateId,
    state: 'Rajasthan',
    city: 'Jaipur',
  });
  const { id: cgwa } = await provisioning.createTenant({ name: DEMO_CGWA, type: 'cgwa', state: 'Rajasthan', city: 'Jaipur' });
  for (const tenantId of demo.groundWaterTenantIds) await provisioning.addStatutoryBodies(tenantId, [cgwa]);
  const { id: investor } = await provisioning.createTenant({ name: DEMO_INVESTOR, type: 'investor', state: 'Maharashtra', city: 'Mumbai' });
  await provisioning.setWatched(investor, pick(demo.industryTenantIds, INVESTMENTS));
  const { id: committee } = await provisioning.createTenant({ name: DEMO_QUASI_REGULATOR, type: 'quasi_regulator', state: 'Rajasthan', city: 'Jaipur' });
  await provisioning.setWatched(committee, pick(demo.industryTenantIds, WATCHED));

  const users = [
    { tenantId: site, userType: 'site', role: 'admin', local: 'site.admin', name: 'Meera Joshi', who: 'site administrator (all tenants, manage mode)' },
    { tenantId: demo.statutoryTenantId, userType: 'statutory', role: 'admin', local: 'board', name: 'Rakesh Sharma', who: 'pollution control board' },
    { tenantId: first, userType: 'tenant', role: 'admin', local: 'industry.admin', name: 'Anita Verma', who: 'industry administrator' },
    { tenantId: first, userType: 'tenant', role: 'user', local: 'industry.user', name: 'Vikram Singh', who: 'industry user' },
    { tenantId: partner, userType: 'partner', role: 'admin', local: 'partner', name: 'Farhan Khan', who: 'service partner of three industries' },
    { tenantId: headOffice, userType: 'corporate_admin', role: 'admin', local: 'corporate', name: 'Sunita Agarwal', who: 'corporate administrator', corporateId },
    { tenantId: cgwa, userType: 'cgwa', role: 'user', local: 'cgwa', name: 'Deepak Meena', who: 'CGWA: the ground-water stations of four industries' },
    { tenantId: investor, userType: 'investor', role: 'investor', local: 'investor', name: 'Rohan Mehta', who: 'investor in three industries' },
    { tenantId: committee, userType: 'quasi_regulator', role: 'user', local: 'monitoring.committee', name: 'Kiran Rathore', who: 'quasi-regulator: alerts of the five industries it watches' },
  ] as const;
  const accounts: DemoAccount[] = [];
  for (const u of users) {
    const userName = `${u.local}@${DOMAIN}`;
    await userAccounts.create(actor, {
      tenantId: u.tenantId,
      name: u.name,
      userName,
      userType: u.userType,
      role: u.role,
      password,
      ...('corporateId' in u ? { corporateId: u.corporateId } : {}),
    });
    accounts.push({ userName, who: u.who });
  }
  return { accounts, password };
}
