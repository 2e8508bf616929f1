import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { useTestApp } from './test-app.ts';

const portal = (id: number) => ({ portal: 'PUBLIC', 'public-tenant-id': String(id) });
const PDF = Buffer.from('%PDF-1.4\n% a tiny consent to operate\n%%EOF\n');

describe('POST /api/documentById', () => {
  const ctx = useTestApp();
  let board: number;
  let cement: number;
  let other: number;
  let ctoPath: string;
  let secretPath: string;
  let internalPath: string;

  beforeAll(async () => {
    board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    cement = (await ctx.b.newTenant({ name: 'Shree Cement', statutoryIds: [board] })).id;
    other = (await ctx.b.newTenant({ name: 'Other' })).id;
    const stack = await ctx.b.newEntity({ tenantId: cement, name: 'Stack 1' });
    const documents = new DocumentRepository(ctx.db);
    ctoPath = `${cement}/cto/stack-1.pdf`;
    secretPath = `${other}/cto/secret.pdf`;
    internalPath = `${cement}/audit/stack-1.pdf`;
    await documents.save({ tenantId: cement, entityId: stack.id, type: 'CTO', pathName: ctoPath, fileName: 'CTO Stack 1 ₹.pdf', contentType: 'application/pdf', content: PDF });
    await documents.save({ tenantId: other, entityId: null, type: 'CTO', pathName: secretPath, fileName: 'secret.pdf', contentType: 'application/pdf', content: PDF });
    await documents.save({ tenantId: cement, entityId: stack.id, type: 'AUDIT', pathName: internalPath, fileName: 'audit.pdf', contentType: 'application/pdf', content: PDF });
  });

  const fetchDoc = (pathName: string, caller: number) =>
    ctx.inject({ method: 'POST', url: '/api/documentById', headers: portal(caller), payload: { pathName } });

  it.each([
    ['the industry itself', () => cement],
    ['its statutory board', () => board],
  ])('gives the file to %s', async (_case, caller) => {
    const res = await fetchDoc(ctoPath, caller());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="CTO Stack 1 _.pdf"; filename*=UTF-8''${encodeURIComponent('CTO Stack 1 ₹.pdf')}`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it.each([
    ["another tenant's document", () => secretPath],
    ['a missing document', () => `${cement}/cto/none.pdf`],
  ])('answers 404 for %s', async (_case, path) => {
    const res = await fetchDoc(path(), cement);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No document at ${path()}`);
  });

  it("answers the portal 404 for the industry's documents other than CTOs, which its own users still read", async () => {
    for (const caller of [cement, board]) {
      const res = await fetchDoc(internalPath, caller);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No document at ${internalPath}`);
    }
    const { cookie } = await ctx.signedIn({ tenantId: cement });
    const own = await ctx.inject({
      method: 'POST',
      url: '/api/documentById',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { pathName: internalPath },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await fetchDoc(ctoPath, cement)).statusCode).toBe(200);
  });

  it('names the field of a path without a tenant', async () => {
    const res = await fetchDoc('cto/stack-1.pdf', cement);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.pathName');
  });

  it('keeps a path inside its tenant', async () => {
    await expect(
      new DocumentRepository(ctx.db).save({
        tenantId: cement,
        entityId: null,
        type: 'CTO',
        pathName: `${other}/cto/planted.pdf`,
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        content: PDF,
      }),
    ).rejects.toThrow(/violates check constraint/);
  });
});
