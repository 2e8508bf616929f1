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

/**
 * Users of every kind the product serves, so a first start can be signed into at once: the site
 * operator, the board, an industry's admin and user, a partner (an installer servicing three
 * industries) and a corporate owning two of them. They share one password, given or random.
 */
export async function seedDemoAccounts(
  db: Db,
  app: Pick<FastifyInstance, 'tenants' | 'entities' | 'devices' | 'users'>,
  demo: { statutoryTenantId: number; industryTenantIds: readonly number[]; password?: string | undefined },
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

  const users = [
    { tenantId: site, userType: 'site', role: 'admin', local: 'site.admin', name: 'Meera Joshi', who: 'site administrator (all tenants, manage mode)' },
    { tenantId: demo.statutoryTenantId, userType: 'statutory', role: 'admin', local: 'board', name: 'Rakesh Sharma', who: 'pollution control board' },
    { tenantId: first, userType: 'tenant', role: 'admin', local: 'industry.admin', name: 'Anita Verma', who: 'industry administrator' },
    { tenantId: first, userType: 'tenant', role: 'user', local: 'industry.user', name: 'Vikram Singh', who: 'industry user' },
    { tenantId: partner, userType: 'partner', role: 'admin', local: 'partner', name: 'Farhan Khan', who: 'service partner of three industries' },
    { tenantId: headOffice, userType: 'corporate_admin', role: 'admin', local: 'corporate', name: 'Sunita Agarwal', who: 'corporate administrator', corporateId },
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
