import { request as httpRequest } from 'node:http';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_DOCUMENT_QUOTA_BYTES } from '@enviro/contracts/documents';
import { useTestApp } from './test-app.ts';
import { docx, docxBomb, zipOf } from './zip-files.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 0x90)]);
const BOUNDARY = '----enviro-test-boundary';

/** A multipart form: text fields, then the file part. */
function form(fields: Record<string, string | number>, file: { name: string; content: Buffer; type?: string } | null): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

describe('uploaded documents', () => {
  const ctx = useTestApp();
  let tenantId: number;
  let station: number;
  let deviceId: number;
  let otherTenant: number;
  let otherStation: number;
  let admin: Record<string, string>;
  let reader: Record<string, string>;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    const d = await ctx.b.newStationDevice();
    ({ tenantId, entityId: station } = d);
    deviceId = d.id;
    otherTenant = (await ctx.b.newTenant()).id;
    otherStation = (await ctx.b.newEntity({ tenantId: otherTenant, name: 'Their stack' })).id;
    const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'XMLHttpRequest' });
    admin = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie);
    reader = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie);
    stranger = headers((await ctx.signedIn({ tenantId: otherTenant, userType: 'tenant', role: 'admin' })).cookie);
  });

  const upload = (url: string, headers: Record<string, string>, fields: Record<string, string | number>, file: { name: string; content: Buffer } | null) =>
    ctx.inject({ method: 'POST', url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: form(fields, file) });

  const chunkRows = async () => Number((await ctx.database.pool.query('SELECT count(*) FROM document_chunk WHERE tenant_id = $1', [tenantId])).rows[0].count);
  const documentRows = async () => Number((await ctx.database.pool.query('SELECT count(*) FROM document WHERE tenant_id = $1 AND current_version IS NOT NULL', [tenantId])).rows[0].count);

  it('keeps a PDF of a station, told by its bytes, under a cleaned name, and gives it back with its audit entry', async () => {
    const res = await upload(`/api/uploadDocuments/${station}`, admin, { type: 'LAB_REPORT', title: 'Stack test Q1' }, { name: 'C:\\scans\\lab\u0007 report.PDF', content: PDF });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ tenantId, entityId: station, deviceId: null, type: 'LAB_REPORT', title: 'Stack test Q1', version: 1, fileName: 'lab report.pdf', contentType: 'application/pdf', bytes: PDF.length });

    const file = await ctx.inject({ method: 'GET', url: `/api/document/${doc.id}`, headers: reader });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(PDF.length));
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const audit = await ctx.database.pool.query('SELECT action, after FROM audit_log WHERE tenant_id = $1 AND entity = $2', [tenantId, `document:${doc.id}`]);
    expect(audit.rows).toEqual([{ action: 'document.add', after: expect.objectContaining({ fileName: 'lab report.pdf', bytes: PDF.length }) }]);
    // Its path reaches nothing through documentById, which serves the documents kept whole.
    const path = (await ctx.database.pool.query('SELECT path_name FROM document WHERE tenant_id = $1 AND id = $2', [tenantId, doc.id])).rows[0].path_name;
    expect((await ctx.inject({ method: 'POST', url: '/api/documentById', headers: reader, payload: { pathName: path } })).statusCode).toBe(404);
  });

  it('attaches a Word file to a device and names a wrong extension after what the file is', async () => {
    const res = await upload('/api/add-document', admin, { deviceId, type: 'CALIBRATION' }, { name: 'certificate.pdf', content: docx() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tenantId, deviceId, entityId: null, title: 'certificate.pdf.docx', fileName: 'certificate.pdf.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
  });

  it.each([
    ['a renamed Windows program', { name: 'consent.pdf', content: EXE }, 'body.file: a Windows program (.exe or .dll), whatever its name says; only PDF, images (PNG, JPEG, GIF, WebP) and Word, Excel or PowerPoint files are kept'],
    ['a zip bomb inside a Word file', { name: 'report.docx', content: docxBomb() }, /^body\.file: a zip bomb: an entry expands \d{3,} times \(at most 200\)$/],
    ['a zip that is no office file', { name: 'data.xlsx', content: zipOf({ 'a.txt': 'hello' }) }, 'body.file: a zip archive, not a Word, Excel or PowerPoint file'],
    ['an empty file', { name: 'empty.pdf', content: Buffer.alloc(0) }, 'body.file: the file is empty'],
  ])('refuses %s and stores nothing of it', async (_case, file, message) => {
    const [chunks, docs] = [await chunkRows(), await documentRows()];
    const res = await upload('/api/add-document', admin, { type: 'OTHER' }, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('body.file');
    expect(res.json().message).toMatch(message);
    expect([await chunkRows(), await documentRows()]).toEqual([chunks, docs]);
  });

  it.each([
    ['an unknown type', { type: 'PASSPORT' }, 'body.type'],
    ['a bad entity id', { entityId: 'x' }, 'body.entityId'],
  ])('names the field of %s', async (_case, fields, field) => {
    const res = await upload('/api/add-document', admin, fields, { name: 'a.pdf', content: PDF });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('asks for a form with a file part', async () => {
    const json = await ctx.inject({ method: 'POST', url: '/api/add-document', headers: admin, payload: { type: 'OTHER' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('body');
    const none = await upload('/api/add-document', admin, { type: 'OTHER' }, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('body.file');
  });

  it("answers 404 for another tenant's station, device and document, and stores nothing", async () => {
    const docs = await documentRows();
    const station404 = await upload(`/api/uploadDocuments/${otherStation}`, admin, {}, { name: 'a.pdf', content: PDF });
    expect(station404.statusCode).toBe(404);
    const device404 = await upload('/api/add-document', stranger, { deviceId }, { name: 'a.pdf', content: PDF });
    expect(device404.statusCode).toBe(404);
    const mine = (await upload('/api/add-document', admin, {}, { name: 'mine.png', content: PNG })).json();
    for (const req of [
      { method: 'GET' as const, url: `/api/document/${mine.id}` },
      { method: 'GET' as const, url: `/api/document/${mine.id}/info` },
      { method: 'DELETE' as const, url: `/api/document/${mine.id}` },
    ]) {
      const res = await ctx.inject({ ...req, headers: stranger });
      expect(res.statusCode, req.url).toBe(404);
      expect(res.json().message).toBe(`No document with id= ${mine.id}`);
    }
    const replaced = await upload(`/api/document-file/${mine.id}`, stranger, {}, { name: 'a.pdf', content: PDF });
    expect(replaced.statusCode).toBe(404);
    const list = await ctx.inject({ method: 'GET', url: `/api/documents?tenantId=${tenantId}`, headers: stranger });
    expect(list.statusCode).toBe(404);
    expect(await documentRows()).toBe(docs + 1);
  });

  it("lets an industry user read but not change the industry's documents", async () => {
    const res = await upload('/api/add-document', reader, {}, { name: 'a.pdf', content: PDF });
    expect(res.statusCode).toBe(403);
  });

  it('keeps every version when a file is replaced, and deletes them all with the document', async () => {
    const first = (await upload('/api/add-document', admin, { type: 'CTO', title: 'CTO 2026' }, { name: 'cto.pdf', content: PDF })).json();
    const second = Buffer.concat([PDF, Buffer.from('% amended\n')]);
    const res = await upload(`/api/document-file/${first.id}`, admin, {}, { name: 'cto-amended.pdf', content: second });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, version: 2, fileName: 'cto-amended.pdf', title: 'CTO 2026' });

    const info = (await ctx.inject({ method: 'GET', url: `/api/document/${first.id}/info`, headers: reader })).json();
    expect(info.versions.map((v: { version: number; sha256: string }) => [v.version, v.sha256])).toEqual([
      [2, createHash('sha256').update(second).digest('hex')],
      [1, createHash('sha256').update(PDF).digest('hex')],
    ]);
    const old = await ctx.inject({ method: 'GET', url: `/api/document/${first.id}?version=1`, headers: reader });
    expect(old.rawPayload.equals(PDF)).toBe(true);
    const current = await ctx.inject({ method: 'GET', url: `/api/document/${first.id}`, headers: reader });
    expect(current.rawPayload.equals(second)).toBe(true);

    const deleted = await ctx.inject({ method: 'DELETE', url: `/api/document/${first.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: `/api/document/${first.id}`, headers: reader })).statusCode).toBe(404);
    const left = await ctx.database.pool.query('SELECT count(*)::int AS n FROM document_chunk WHERE tenant_id = $1 AND document_id = $2', [tenantId, first.id]);
    expect(left.rows[0].n).toBe(0);
    const audit = await ctx.database.pool.query('SELECT action FROM audit_log WHERE tenant_id = $1 AND entity = $2 ORDER BY id', [tenantId, `document:${first.id}`]);
    expect(audit.rows.map((r) => r.action)).toEqual(['document.add', 'document.version', 'document.delete']);
  });

  it('stores a file of several pieces and streams it back whole', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024 + 123, 7)]);
    const res = await upload('/api/add-document', admin, {}, { name: 'scan.pdf', content: big });
    expect(res.statusCode, res.body).toBe(200);
    const pieces = await ctx.database.pool.query('SELECT count(*)::int AS n FROM document_chunk WHERE tenant_id = $1 AND document_id = $2', [tenantId, res.json().id]);
    expect(pieces.rows[0].n).toBe(13);
    const back = await ctx.inject({ method: 'GET', url: `/api/document/${res.json().id}`, headers: reader });
    expect(back.rawPayload.equals(big)).toBe(true);
  });

  it('lists the documents of the tenant, newest first, with its quota use', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/api/documents?entityId=${station}`, headers: reader });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.items.map((d: { title: string }) => d.title)).toEqual(['Stack test Q1']);
    const all = (await ctx.inject({ method: 'GET', url: '/api/documents?size=2', headers: reader })).json();
    expect(all.items).toHaveLength(2);
    expect(all.items[0].id).toBeGreaterThan(all.items[1].id);
    expect(all.total).toBe(await documentRows());
    const used = await ctx.database.pool.query('SELECT sum(bytes)::bigint AS n FROM document_version WHERE tenant_id = $1', [tenantId]);
    expect(all.usedBytes).toBe(Number(used.rows[0].n));
    expect(all.quotaBytes).toBe(TENANT_DOCUMENT_QUOTA_BYTES);
  });

  it('refuses a file beyond the industry quota and stores nothing of it', async () => {
    const full = (await ctx.b.newTenant()).id;
    const fullAdmin = { cookie: (await ctx.signedIn({ tenantId: full, userType: 'tenant', role: 'admin' })).cookie, 'x-requested-with': 'XMLHttpRequest' };
    const first = (await upload('/api/add-document', fullAdmin, {}, { name: 'a.pdf', content: PDF })).json();
    // The quota as good as used: a version recorded as all but a few bytes of it.
    await ctx.database.pool.query('UPDATE document_version SET bytes = $3 WHERE tenant_id = $1 AND document_id = $2', [full, first.id, TENANT_DOCUMENT_QUOTA_BYTES - 10]);
    const res = await upload('/api/add-document', fullAdmin, {}, { name: 'b.pdf', content: PDF });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^body.file: the industry's documents would take more than its 1024 MiB/);
    const rows = await ctx.database.pool.query('SELECT count(*)::int AS n FROM document WHERE tenant_id = $1', [full]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('answers a 2 GB upload from its headers with 413, having read next to nothing of it', async () => {
    const url = new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    const sent = { bytes: 0 };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: 'POST', path: '/api/add-document', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(2 * 1024 ** 3) } },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          // The rest of the 2 GB never comes: the socket is let go, or the server's close waits for it.
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, body });
          });
        },
      );
      req.on('error', reject);
      const piece = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (sent.bytes < 8 * 1024 * 1024 && req.write(piece)) sent.bytes += piece.length;
      };
      req.on('drain', pump);
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ field: 'body.file', message: 'body.file: larger than 25 MiB, the most a document may be' });
    expect(sent.bytes).toBeLessThan(16 * 1024 * 1024);
  });
});
