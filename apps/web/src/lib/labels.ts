/** Station types whose key is an acronym: what they monitor in words, then the acronym CPCB uses. */
const STATION_TYPE_WORDS: Record<string, string> = {
  eqms: 'Effluent (EQMS)',
  cems: 'Stack emissions (CEMS)',
  caaqms: 'Ambient air (CAAQMS)',
  wfm: 'Water flow (WFM)',
  audi: 'Auditorium',
  chp: 'CHP',
};

/** How station types are written on screen: in words (the acronym after), other types with a capital. */
export function stationTypeLabel(type: string): string {
  return STATION_TYPE_WORDS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** Live statuses in the order screens list them. */
export const LIVE_STATUSES = ['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN'] as const;
export type LiveStatusName = (typeof LIVE_STATUSES)[number];

/** Mantine colour of each live status. */
export const LIVE_STATUS_COLOURS: Record<LiveStatusName, string> = {
  LIVE: 'green',
  DELAYED: 'orange',
  OFFLINE: 'red',
  UNKNOWN: 'gray',
};

/** Hex colours of live statuses for charts (Mantine's 7th shades). */
export const LIVE_STATUS_HEX: Record<LiveStatusName, string> = {
  LIVE: '#37b24d',
  DELAYED: '#f76707',
  OFFLINE: '#f03e3e',
  UNKNOWN: '#868e96',
};

/** Live statuses in words, as every screen names them. */
export const LIVE_STATUS_WORDS: Record<LiveStatusName, string> = {
  LIVE: 'Live',
  DELAYED: 'Delayed',
  OFFLINE: 'Offline',
  UNKNOWN: 'Never reported',
};

/** Stations by live status as labelled counts (Live, Delayed and Offline always; Never reported when some are). */
export const liveStatusCounts = (counts: Record<LiveStatusName, number>) =>
  LIVE_STATUSES.map((s) => ({ label: LIVE_STATUS_WORDS[s], count: counts[s], colour: LIVE_STATUS_COLOURS[s], always: s !== 'UNKNOWN' }));

/** Tenant types in words: what kind of organisation each is. */
export const TENANT_TYPE_WORDS: Record<string, string> = {
  tenant: 'Industry',
  statutory: 'Pollution control board',
  cgwa: 'Ground water authority (CGWA)',
  partner: 'Service partner',
  site: 'Site operator',
  investor: 'Investor',
  corporate_admin: 'Corporate',
  quasi_regulator: 'Quasi-regulator',
  default: 'Other',
};

/** A tenant type in words; an unknown one with a capital and spaces. */
export const tenantTypeLabel = (type: string): string => TENANT_TYPE_WORDS[type] ?? `${type.charAt(0).toUpperCase()}${type.slice(1).replace(/_/g, ' ')}`;

/** A status stored in capitals ('ENABLED', 'NOT_WORKING') as a word: 'Enabled', 'Not working'. */
export const statusWord = (status: string): string =>
  (LIVE_STATUS_WORDS as Record<string, string>)[status] ?? `${status.charAt(0)}${status.slice(1).toLowerCase().replace(/_/g, ' ')}`;
