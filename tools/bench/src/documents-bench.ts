import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '@enviro/server/platform/access/session';
import { SessionRepository } from '@enviro/server/modules/accounts/sessions.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';
import { round, timeRuns, type Timing } from './stats.ts';

export interface DocumentsFleet {
  tenantId: number;
  cookie: string;
  documents: number;
}

/** An industry with `documents` uploaded documents (rows set-based, one version each) and its administrator's session. */
export async function documentsFleet(db: Db, pool: pg.Pool, documents: number): Promise<DocumentsFleet> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Documents Industry' });
  await pool.query(
    `WITH d AS (
       INSERT INTO document (tenant_id, type, path_name, file_name, content_type, title, current_version)
       SELECT $1::int, 'LAB_REPORT', $1::int || '/files/bench-' || i, 'report-' || i || '.pdf', 'application/pdf', 'Lab report ' || i, 1
       FROM generate_series(1, $2::int) i RETURNING id)
     INSERT INTO document_version (tenant_id, document_id, version, file_name, content_type, bytes, sha256)
     SELECT $1::int, id, 1, 'report-' || id || '.pdf', 'application/pdf', 40000, repeat('0', 64) FROM d`,
    [tenantId, documents],
  );
  await pool.query('VACUUM ANALYZE document, document_version');
  const { id: userId } = await services().users.accounts.create(
    { name: 'bench', userId: null },
    { name: 'Documents Admin', userName: `docs.${Date.now()}@bench.in`, userType: 'tenant', role: 'admin', tenantId },
  );
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({ id, tenantId, userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS), ip: null, userAgent: null });
  return { tenantId, cookie: `${SESSION_COOKIE}=${token}`, documents };
}

/** The server process's resident memory now and at its peak, in MiB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: round(kib('VmRSS') / 1024), peak: round(kib('VmHWM') / 1024) };
}

export interface TransferFigures {
  uploadMs: number;
  downloadMs: number;
  before: { rss: number; peak: number };
  afterUpload: { rss: number; peak: number };
  afterDownload: { rss: number; peak: number };
}

/**
 * A `mib` MiB PDF uploaded (a multipart form generated piece by piece, so the client holds no file
 * either) and downloaded back over HTTP, with the server's resident memory and its peak before and
 * after each: memory flat means the server held pieces, not the file.
 */
export async function benchTransfer(baseUrl: string, pid: number, fleet: DocumentsFleet, mib: number): Promise<TransferFigures> {
  const boundary = '----enviro-bench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nLAB_REPORT\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big-scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const piece = Buffer.alloc(64 * 1024, 0x41);
  const pdfHead = Buffer.from('%PDF-1.7\n');
  const fileBytes = mib * 1024 * 1024;
  async function* body() {
    yield head;
    yield pdfHead;
    for (let sent = pdfHead.length; sent < fileBytes; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, fileBytes - sent));
    yield tail;
  }
  const before = memoryOf(pid);
  let t0 = performance.now();
  const up = await fetch(`${baseUrl}/api/add-document`, {
    method: 'POST',
    headers: { cookie: fleet.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + fileBytes + tail.length) },
    body: Readable.toWeb(Readable.from(body())),
    duplex: 'half',
  } as RequestInit);
  const doc = (await up.json()) as { id: number; bytes: number };
  const uploadMs = Math.round(performance.now() - t0);
  if (up.status !== 200 || doc.bytes !== fileBytes) throw new Error(`upload answered ${up.status}: ${JSON.stringify(doc).slice(0, 300)}`);
  const afterUpload = memoryOf(pid);
  t0 = performance.now();
  const down = await fetch(`${baseUrl}/api/document/${doc.id}`, { headers: { cookie: fleet.cookie } });
  let received = 0;
  for await (const chunk of down.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
  const downloadMs = Math.round(performance.now() - t0);
  if (down.status !== 200 || received !== fileBytes) throw new Error(`download answered ${down.status} with ${received} bytes`);
  return { uploadMs, downloadMs, before, afterUpload, afterDownload: memoryOf(pid) };
}

/** GET /api/documents (the first page of 50, with the quota use) of the industry's documents. */
export function benchDocumentList(baseUrl: string, fleet: DocumentsFleet, runs: number): Promise<Timing> {
  return timeRuns(async () => {
    const res = await fetch(`${baseUrl}/api/documents?tenantId=${fleet.tenantId}`, { headers: { cookie: fleet.cookie } });
    const page = (await res.json()) as { total: number; items: unknown[] };
    if (res.status !== 200 || page.total < fleet.documents || page.items.length !== 50) throw new Error(`unexpected documents answer ${res.status}: ${JSON.stringify(page).slice(0, 300)}`);
  }, runs);
}
