/** Rows of a CSV report (BOM and header kept apart). */
export function csvRows(body: string): string[][] {
  const [header, ...rows] = body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
  return [header!, ...rows];
}
