import type { DocumentType } from '@enviro/contracts/documents';

/** How a document's kind reads on the screens. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  CTO: 'Consent to operate (CTO)',
  CTE: 'Consent to establish (CTE)',
  NOC: 'No-objection certificate (NOC)',
  LAB_REPORT: 'Lab report',
  STACK_MONITORING: 'Stack monitoring report',
  CALIBRATION: 'Calibration certificate',
  AUDIT: 'Audit report',
  PHOTO: 'Photo',
  OTHER: 'Other',
};

/** A size in bytes as people read it: '812 B', '45.2 KB', '3.4 MB', '1.0 GB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The badge of a consent's standing: its colour and words. */
export function standingBadge(standing: string, daysLeft: number): { color: string; label: string } {
  if (standing === 'EXPIRED') return { color: 'red.9', label: `Expired ${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago` };
  if (standing === 'WITHIN_7') return { color: 'red.7', label: daysLeft === 0 ? 'Expires today' : `Expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}` };
  if (standing === 'WITHIN_30') return { color: 'orange.8', label: `Expires in ${daysLeft} days` };
  if (standing === 'WITHIN_60') return { color: 'yellow.8', label: `Expires in ${daysLeft} days` };
  return { color: 'green.9', label: 'Valid' };
}
