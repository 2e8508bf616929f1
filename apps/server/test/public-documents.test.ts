import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { builders } from './builders.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './helper.ts';

const portal = (id: number) => ({ portal: 'PUBLIC', 'public-tenant-id': String(id) });
const PDF = Buffer.from('%PDF-1.4\n% a tiny consent to operate\n%%EOF\n');

describe('POST /api/documentById', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let board: number;
  let cement: number;
  let other: number;
  let ctoPath: string;
  let secretPath: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database);
    const b = builders(database.db);
    board = (await b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    cement = (await b.newTenant({ name: 'Shree Cement', statutoryIds: [board] })).id;
    other = (await b.newTenant({ name: 'Other' })).id;
    const stack = await b.newEntity({ tenantId: cement, name: 'Stack 1' });
    const documents = new DocumentRepository(database.db);
    ctoPath = `${cement}/cto/stack-1.pdf`;
    secretPath = `${other}/cto/secret.pdf`;
    await documents.save({ tenantId: cement, entityId: stack.id, type: 'CTO', pathName: ctoPath, fileName: 'CTO Stack 1 ₹.pdf', contentType: 'application/pdf', content: PDF });
    await documents.save({ tenantId: other, entityId: null, type: 'CTO', pathName: secretPath, fileName: 'secret.pdf', contentType: 'application/pdf', content: PDF });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const fetchDoc = (pathName: string, caller: number) =>
    app.inject({ method: 'POST', url: '/api/documentById', headers: portal(caller), payload: { pathName } });

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

  it('names the field of a path without a tenant', async () => {
    const res = await fetchDoc('cto/stack-1.pdf', cement);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.pathName');
  });

  it('keeps a path inside its tenant', async () => {
    await expect(
      new DocumentRepository(database.db).save({
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
