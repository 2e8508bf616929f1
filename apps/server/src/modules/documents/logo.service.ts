import type { LogoInfo, LogoState, LogoUpload } from '@enviro/contracts/documents';
import { assertCanReadTenant, mayChangeFleet } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { DocumentRepository, type DocumentFile } from './documents.repository.ts';
import { readLogoImage } from './logo-image.ts';

export type LogoOwner = 'tenant' | 'entity';
const LOGO_TYPE = 'LOGO';
const pathOf = (tenantId: number, kind: LogoOwner, id: number) => `${tenantId}/logo/${kind}-${id}`;

/**
 * Logos of tenants and of their entities, kept as documents (type LOGO) like every other file of a
 * tenant, so they are backed up and distributed with its rows. A tenant's logo heads its PDF reports,
 * or a station's or plant's when the report covers only what is under it.
 */
export class LogoService {
  private readonly documents: DocumentRepository;

  constructor(db: Db, private readonly entities: EntityService) {
    this.documents = new DocumentRepository(db);
  }

  /** The tenant owning the logo's owner, which the caller must read (404 otherwise, and for an unknown kind). */
  private async owner(auth: Auth, kind: string, id: number): Promise<{ kind: LogoOwner; tenantId: number }> {
    if (kind === 'tenant') {
      assertCanReadTenant(auth, id);
      return { kind, tenantId: id };
    }
    if (kind === 'entity') return { kind, tenantId: (await this.entities.node(auth, id, { withDevices: false, withParams: false })).tenantId };
    throw notFound(`No ${kind} with id= ${id} exists`);
  }

  /** Stores (replaces) the logo; the industry's administrators, its partners and site operations may. */
  async upload(auth: Auth, kind: string, id: number, body: LogoUpload): Promise<LogoInfo> {
    const owner = await this.owner(auth, kind, id);
    if (!mayChangeFleet(auth, owner.tenantId)) throw forbidden("only the industry's administrators, its partners and site operations may change its logo");
    return this.save(owner.tenantId, owner.kind, id, body.fileName, Buffer.from(body.content, 'base64'));
  }

  /** Stores a tenant's logo without a caller (the demo seed); checked like an upload. */
  putTenantLogo(tenantId: number, fileName: string, content: Buffer): Promise<LogoInfo> {
    return this.save(tenantId, 'tenant', tenantId, fileName, content);
  }

  private async save(tenantId: number, kind: LogoOwner, id: number, fileName: string, content: Buffer): Promise<LogoInfo> {
    const image = readLogoImage(content, 'body.content');
    await this.documents.save({ tenantId, entityId: kind === 'entity' ? id : null, type: LOGO_TYPE, pathName: pathOf(tenantId, kind, id), fileName, contentType: image.contentType, content });
    return { ownerKind: kind, ownerId: id, fileName, contentType: image.contentType, bytes: content.length, width: image.width, height: image.height };
  }

  /** The logo of a tenant or entity the caller reads; 404 when none was uploaded. */
  async get(auth: Auth, kind: string, id: number): Promise<DocumentFile> {
    const owner = await this.owner(auth, kind, id);
    const logo = await this.documents.findByPath(owner.tenantId, pathOf(owner.tenantId, owner.kind, id));
    if (!logo) throw notFound(`No logo of ${kind} ${id}`);
    return { fileName: logo.fileName, contentType: logo.contentType, content: logo.content };
  }

  /** What logo a tenant or entity the caller reads has, or null. */
  async info(auth: Auth, kind: string, id: number): Promise<LogoState> {
    const owner = await this.owner(auth, kind, id);
    const logo = await this.documents.findByPath(owner.tenantId, pathOf(owner.tenantId, owner.kind, id));
    if (!logo) return { logo: null };
    const image = readLogoImage(logo.content, 'content');
    return { logo: { ownerKind: owner.kind, ownerId: id, fileName: logo.fileName, contentType: image.contentType, bytes: logo.content.length, width: image.width, height: image.height } };
  }

  /** A tenant's logo for its reports, or null. No caller: the reports module checked it reads the tenant. */
  async tenantLogo(tenantId: number): Promise<Buffer | null> {
    return (await this.documents.findByPath(tenantId, pathOf(tenantId, 'tenant', tenantId)))?.content ?? null;
  }

  /**
   * The logo heading a report of some stations: the nearest logo up the tree from each (a plant's
   * own letterhead) when they all share it, else the tenant's. No caller, as tenantLogo.
   */
  async reportLogo(tenantId: number, entityIds: readonly number[]): Promise<Buffer | null> {
    if (entityIds.length === 0) return this.tenantLogo(tenantId);
    const lineages = await this.entities.lineages(tenantId, entityIds);
    const owners = [...new Set([...lineages.values()].flat())];
    const logos = await this.documents.contentsByPath(tenantId, owners.map((id) => pathOf(tenantId, 'entity', Number(id))));
    const nearest = entityIds.map((id) => lineages.get(String(id))?.find((owner) => logos.has(pathOf(tenantId, 'entity', Number(owner)))));
    const shared = nearest[0];
    if (shared === undefined || nearest.some((owner) => owner !== shared)) return this.tenantLogo(tenantId);
    return logos.get(pathOf(tenantId, 'entity', Number(shared)))!;
  }
}
