import { ALERT_SEVERITIES } from '@enviro/contracts/alerts';
import { APP_PATHS } from '@enviro/domain/app-paths';
import { formatInstant, formatInZone } from '@enviro/domain/format-date';
import { formatIndian } from '@enviro/domain/format-number';
import { escapeHtml } from '../../platform/mail/templates.ts';
import { gsm7Length, SMS_SEGMENT, toGsm7 } from '../../platform/sms/gsm7.ts';
import type { AlertNoticeRow } from './alerts.repository.ts';

const SLOT_MS = 15 * 60_000;

/** What a notification says of one alert (read when it is sent, so a repeat tells the latest slot). */
export interface AlertNoticeFacts {
  alertId: string;
  severity: string;
  /** The rule's condition (AVG_15M, INSTANT, SUSTAINED, DEVICE_DIAGNOSTIC, DATA_LOSS, DATA_FILL). */
  type: string;
  industry: string;
  /** The station the device served at the breach; null for a device on none. */
  station: string | null;
  device: string;
  /** The parameter's label (PM2.5, not pm2_5); null for alerts of a device (data loss). */
  parameter: string | null;
  unit: string | null;
  /** The bounds the rule judged: the parameter's limits, or the rule's own thresholds (`ownThresholds`). */
  limitMin: number | null;
  limitMax: number | null;
  /** The rule set its own thresholds (an early warning below the limit, say): they are no legal limit and are not called one. */
  ownThresholds: boolean;
  /** What the rule judged in the latest breaching slot; null when unknown (the peak stands in). */
  value: number | null;
  /** Start of the latest breaching 15-minute slot. */
  slotStart: Date;
  startedAt: Date;
  slotCount: number;
  peak: number | null;
  durationMinutes: number | null;
  /** The alert's own sentence, told as it is for alerts without a parameter. */
  message: string;
}

/** One notification's words on every channel. */
export interface AlertNotice {
  subject: string;
  text: string;
  html: string;
  /** GSM-7 text, one segment (160 characters) whenever the link and the figures leave room. */
  sms: string;
  /** The bell's line and the lines under it. */
  title: string;
  body: string;
}

export function noticeFacts(r: AlertNoticeRow): AlertNoticeFacts {
  return {
    alertId: r.id,
    severity: r.severity,
    type: r.type,
    industry: r.tenant_name,
    station: r.entity_name,
    device: r.device_name,
    parameter: r.param_label,
    unit: r.unit,
    limitMin: r.limit_min,
    limitMax: r.limit_max,
    ownThresholds: r.threshold_min !== null || r.threshold_max !== null,
    value: r.last_value,
    slotStart: r.last_breach_at,
    startedAt: r.started_at,
    slotCount: r.slot_count,
    peak: r.peak,
    durationMinutes: r.duration_minutes,
    message: r.message,
  };
}

/** A breach of a parameter's limit, in words; undefined for alerts of a device (data loss, fill). */
interface Breach {
  parameter: string;
  /** The figure the value is: '15-minute average', 'highest reading', … */
  figure: string;
  /** The same in few characters, for SMS. */
  shortFigure: string;
  value: number;
  above: boolean;
  limit: number;
}

const BREACH_TYPES = new Set(['AVG_15M', 'INSTANT', 'SUSTAINED', 'DEVICE_DIAGNOSTIC']);

function breachOf(f: AlertNoticeFacts): Breach | undefined {
  const value = f.value ?? f.peak;
  if (!BREACH_TYPES.has(f.type) || f.parameter === null || value === null) return undefined;
  // The side the value is out on; a value within both (a peak standing in) is told against the maximum.
  const above = f.limitMax !== null && value > f.limitMax ? true : f.limitMin !== null && value < f.limitMin ? false : f.limitMax !== null;
  const limit = above ? f.limitMax : f.limitMin;
  if (limit === null) return undefined;
  if (f.value === null) return { parameter: f.parameter, figure: 'peak of the alert', shortFigure: 'peak', value, above, limit };
  // INSTANT judges the slot's extreme reading; SUSTAINED the opposite one (every reading was out).
  const extreme = f.type === 'INSTANT' ? above : f.type === 'SUSTAINED' ? !above : undefined;
  if (extreme === undefined) return { parameter: f.parameter, figure: '15-minute average', shortFigure: '15-min avg', value, above, limit };
  const figure = `${extreme ? 'highest' : 'lowest'} reading of the 15 minutes`;
  return { parameter: f.parameter, figure, shortFigure: extreme ? 'max reading' : 'min reading', value, above, limit };
}

const amount = (v: number, unit: string | null) => `${formatIndian(v)}${unit ? ` ${unit}` : ''}`;
/** An instant as the app's screens write it (slots start on whole minutes), so the bell, mails and SMS read as the screens do. */
const ist = (at: Date) => `${formatInstant(at)} IST`;
const istShort = ist;

/** Industry and station (the device when on none): what a board desk sorts its alerts by. */
const whereOf = (f: AlertNoticeFacts) => `${f.industry}, ${f.station ?? f.device}`;

const capitalised = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** What the value is measured against: the parameter's limit, or the rule's own threshold. */
const boundOf = (f: AlertNoticeFacts) => (f.ownThresholds ? "the rule's threshold" : 'its limit');

/** 'PM 95 mg/Nm3 above its limit 50 mg/Nm3', or the alert's sentence. */
function findingOf(f: AlertNoticeFacts): string {
  const b = breachOf(f);
  if (!b) return f.message;
  return `${b.parameter} ${amount(b.value, f.unit)} ${b.above ? 'above' : 'below'} ${boundOf(f)} ${amount(b.limit, f.unit)}`;
}

/** When the notification's figure was measured: the latest breaching slot, or when the alert began. */
const whenOf = (f: AlertNoticeFacts) => (breachOf(f) ? f.slotStart : f.startedAt);

/** The alert's page in the web app (where it is acknowledged), under PUBLIC_URL. */
const alertLink = (id: string, publicUrl: string | undefined) => (publicUrl ? `${publicUrl}${APP_PATHS.app.alert.replace(':id', id)}` : null);

/** The most severe of some severities (ALERT_SEVERITIES lists them most severe first). */
export const worstSeverity = (severities: readonly string[]) =>
  [...severities].sort((a, b) => (ALERT_SEVERITIES as readonly string[]).indexOf(a) - (ALERT_SEVERITIES as readonly string[]).indexOf(b))[0]!;
const worstOf = (facts: readonly AlertNoticeFacts[]) => worstSeverity(facts.map((f) => f.severity));

/** The lines of one alert in a mail, label and value. */
function detailLines(f: AlertNoticeFacts): [label: string, value: string][] {
  const b = breachOf(f);
  const lines: [string, string][] = [
    ['Industry', f.industry],
    ['Station', f.station ?? '-'],
    [f.type === 'CAMERA_OFFLINE' ? 'Camera' : 'Analyser', f.device],
  ];
  if (b) {
    const sustained = f.type === 'SUSTAINED' ? `; every reading ${b.above ? 'above' : 'below'} it for ${f.durationMinutes ?? 15} minutes` : '';
    lines.push(
      ['Parameter', f.parameter!],
      [capitalised(b.figure), `${amount(b.value, f.unit)}, ${b.above ? 'above' : 'below'} ${boundOf(f)}${sustained}`],
      [`${f.ownThresholds ? "Rule's threshold" : 'Limit'} (${b.above ? 'maximum' : 'minimum'})`, amount(b.limit, f.unit)],
      ['Slot (IST)', `${formatInstant(f.slotStart)} to ${formatInZone(f.slotStart.getTime() + SLOT_MS, 'HH:mm')}`],
      ['In breach since', `${ist(f.startedAt)}, ${f.slotCount} ${f.slotCount === 1 ? 'slot' : 'slots'} of 15 minutes${f.peak !== null && f.slotCount > 1 ? `, peak ${amount(f.peak, f.unit)}` : ''}`],
    );
  } else {
    lines.push(['What', f.message], ['Since', ist(f.startedAt)]);
  }
  lines.push(['Severity', f.severity], ['Alert', f.alertId]);
  return lines;
}

const shorten = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1)).trimEnd()}.`);
/** Names are cut to fit a segment, never below this many characters. */
const MIN_NAME = 12;

/**
 * One SMS of one alert: severity, industry, station, the figure against the limit, the slot and
 * the link, in GSM-7. When it would not fit one segment, the industry's and the station's names
 * share what is left, each cut (to 12 characters at the least) where it is longer than its share;
 * what still does not fit goes on in a second segment.
 */
function smsOf(f: AlertNoticeFacts, link: string): string {
  const b = breachOf(f);
  const unit = f.unit ? ` ${f.unit}` : '';
  const finding = b
    ? `${b.parameter} ${formatIndian(b.value)}${unit} ${b.above ? '>' : '<'} ${f.ownThresholds ? 'threshold' : 'limit'} ${formatIndian(b.limit)}${unit}, ${b.shortFigure} ${istShort(f.slotStart)}`
    : `${f.message}, since ${istShort(f.startedAt)}`;
  const build = (industry: string, station: string) => toGsm7(`${f.severity} ${industry}, ${station}: ${finding}${link ? ` ${link}` : ''}`);
  const [industry, station] = [toGsm7(f.industry), toGsm7(f.station ?? f.device)];
  const room = SMS_SEGMENT - gsm7Length(build('', ''));
  if (gsm7Length(industry) + gsm7Length(station) <= room) return build(industry, station);
  const half = Math.floor(room / 2);
  const [forIndustry, forStation] =
    station.length <= half ? [room - station.length, station.length] : industry.length <= half ? [industry.length, room - industry.length] : [room - half, half];
  return build(shorten(industry, Math.max(MIN_NAME, forIndustry)), shorten(station, Math.max(MIN_NAME, forStation)));
}

/** The SMS of several alerts: how many, the worst severity, where (as many as fit), the alert list. */
function groupSmsOf(facts: readonly AlertNoticeFacts[], link: string): string {
  const places = [...new Set(facts.map((f) => whereOf(f)))];
  const head = `${facts.length} alerts, worst ${worstOf(facts)}: `;
  const tail = link ? ` ${link}` : '';
  let listed = places.length;
  const build = (n: number) => toGsm7(`${head}${places.slice(0, n).join('; ')}${n < places.length ? `; +${places.length - n} more` : ''}${tail}`);
  while (listed > 1 && gsm7Length(build(listed)) > SMS_SEGMENT) listed -= 1;
  return build(listed);
}

/** 'Industry, Station: 2 alerts (PM, SO2)', or up to three places and how many more: 'A, S1; B, S2: 2 alerts'. */
function groupTitle(facts: readonly AlertNoticeFacts[]): string {
  const places = [...new Set(facts.map((f) => whereOf(f)))];
  if (places.length === 1) {
    const parameters = [...new Set(facts.map((f) => f.parameter).filter((p) => p !== null))];
    return `${places[0]}: ${facts.length} alerts${parameters.length > 0 ? ` (${parameters.join(', ')})` : ''}`;
  }
  return `${places.slice(0, 3).join('; ')}${places.length > 3 ? `; +${places.length - 3} more` : ''}: ${facts.length} alerts`;
}

/**
 * The words of one notification of `facts` (one alert, or every alert due for one recipient in one
 * minute). The subject and the first line lead with the industry and the station; the figure is
 * the parameter's label, the value the rule judged in the latest breaching 15-minute slot and the
 * limit, with units in Indian digit grouping; times are IST in the product's format; each alert
 * links to its page under `publicUrl`.
 */
export function alertNotice(given: readonly AlertNoticeFacts[], publicUrl: string | undefined): AlertNotice {
  // By place, then parameter: a desk reads one industry's and station's alerts together.
  const facts = [...given].sort((a, b) => whereOf(a).localeCompare(whereOf(b)) || (a.parameter ?? '').localeCompare(b.parameter ?? '') || Number(a.alertId) - Number(b.alertId));
  const linkOf = (id: string) => alertLink(id, publicUrl) ?? '';
  const listLink = publicUrl ? `${publicUrl}${APP_PATHS.app.alerts}` : '';
  const closing = facts.length === 1 ? 'Acknowledge it on its page to stop the reminders.' : 'Acknowledge each on its page to stop its reminders.';
  const worst = worstOf(facts);
  const single = facts.length === 1 ? facts[0]! : undefined;

  const title = single ? `${whereOf(single)}: ${findingOf(single)}` : groupTitle(facts);
  const figure = single && breachOf(single)?.figure;
  const subject = single ? `${title} (${figure ? `${figure}, ` : ''}${ist(whenOf(single))}) [${single.severity}]` : `${title} [worst ${worst}]`;

  const blocks = facts.map((f) => {
    const link = linkOf(f.alertId);
    return [`${whereOf(f)}: ${findingOf(f)}`, ...detailLines(f).map(([k, v]) => `${k}: ${v}`), ...(link ? [`Open the alert: ${link}`] : [])].join('\n');
  });
  const text = `${blocks.join('\n\n')}\n\n${closing}\n`;

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...facts.map((f) => {
      const link = linkOf(f.alertId);
      const rows = detailLines(f)
        .map(([k, v]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('');
      return `<h3 style="margin-bottom:4px">${escapeHtml(whereOf(f))}: ${escapeHtml(findingOf(f))}</h3><table>${rows}</table>${link ? `<p><a href="${escapeHtml(link)}">Open alert ${escapeHtml(f.alertId)}</a></p>` : ''}`;
    }),
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');

  // The bell's title already says where and what: under it, when (and for several, each alert).
  const body = single
    ? figure && single.value !== null
      ? `${capitalised(figure)}, slot ${ist(single.slotStart)}; in breach since ${ist(single.startedAt)}.`
      : `${figure ? `${capitalised(figure)}; in breach since` : 'Since'} ${ist(single.startedAt)}.`
    : facts.map((f) => `${whereOf(f)}: ${findingOf(f)} (${ist(whenOf(f))})`).join('\n');

  return {
    subject: subject.slice(0, 250),
    text,
    html,
    sms: single ? smsOf(single, linkOf(single.alertId)) : groupSmsOf(facts, listLink),
    title: title.slice(0, 300),
    body,
  };
}

/** The facts of one alert for a webhook receiver, as data: names, the figure, the limit, the slot, the link. */
export function webhookFacts(f: AlertNoticeFacts, publicUrl: string | undefined) {
  const b = breachOf(f);
  return {
    industry: f.industry,
    station: f.station,
    device: f.device,
    parameter: f.parameter,
    unit: f.unit,
    value: b?.value ?? null,
    limit: b?.limit ?? null,
    slotStart: b ? f.slotStart.toISOString() : null,
    startedAt: f.startedAt.toISOString(),
    link: alertLink(f.alertId, publicUrl),
  };
}
