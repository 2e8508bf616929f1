import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/database/database.ts';
import { ConsentRepository } from '../modules/consents/consents.repository.ts';
import { ctoFacts, type CtoStation } from './cto-documents.ts';
import { demoLogo } from './demo-logo.ts';

/**
 * Each demo industry's consents and letterhead: the CTO of every station as its PDF states it
 * (one expiring in 20 days, one expired: `ctoFacts`), with the state board's PM limit on emission
 * stations, and the industry's logo for its reports and the app header.
 */
export async function seedDemoConsents(db: Db, app: Pick<FastifyInstance, 'documents'>, board: string, stations: readonly CtoStation[], nowMs: number): Promise<number> {
  const consents = new ConsentRepository(db);
  const facts = ctoFacts(stations, nowMs);
  for (const s of stations) {
    const f = facts.get(s)!;
    const emission = /stack|cems|emission/i.test(s.stationType);
    await consents.insert({
      tenantId: s.tenantId,
      entityId: s.stationId,
      kind: 'CTO',
      number: f.number,
      issuedBy: board,
      issuedOn: f.issuedOn,
      expiresOn: f.expiresOn,
      documentId: null,
      createdBy: null,
      limits: emission ? [{ paramName: 'pm', maxValue: 50, unit: 'mg/Nm3' }] : [],
    });
  }
  for (const tenantId of new Set(stations.map((s) => s.tenantId))) await app.documents.logos.putTenantLogo(tenantId, 'letterhead.png', demoLogo());
  return stations.length;
}
