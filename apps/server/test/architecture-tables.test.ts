import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { at, descendants, FILES, moduleOf, parse, SRC } from './source-files.ts';

// One owner per table (docs/ARCHITECTURE.md, "One owner per table"): a table is read and written by
// the repositories of the module (or platform part) that owns it; another module reaches it through
// the owner's service or the query helpers the owner exports (`<area>.queries.ts`, relations such as
// `entityRows(db)` and predicates such as `visibleStationSql(restriction, …)`), so a rule about a
// table lives in one place. The demo seed (src/demo) writes history in bulk like a migration and is
// left out.

/** Every table the migrations create, with the module or platform part that owns it. */
const OWNERS: Record<string, string> = {
  alert: 'alerts',
  alert_episode: 'alerts',
  alert_escalation: 'alerts',
  alert_escalation_state: 'alerts',
  alert_rule: 'alerts',
  alert_slot: 'alerts',
  alert_transition: 'alerts',
  notification_outbox: 'alerts',
  notification_preference: 'alerts',
  user_notification: 'alerts',
  api_key: 'tenants',
  app_user: 'users',
  audit_log: 'platform/audit',
  billing_address: 'reports',
  calibration: 'devices',
  calibration_point: 'devices',
  calibration_schedule: 'devices',
  catalog_version: 'data',
  change_request: 'change-requests',
  change_request_document: 'change-requests',
  change_request_event: 'change-requests',
  compliance_device_day: 'compliance',
  compliance_param_day: 'compliance',
  corporate: 'corporates',
  quality_device_day: 'data-quality',
  slot_quality: 'data-quality',
  slot_receipt: 'data-quality',
  quality_setting: 'data-quality',
  dashboard: 'dashboards',
  device: 'devices',
  device_credential: 'devices',
  device_day_quarters: 'dashboards',
  device_make: 'devices',
  device_model: 'devices',
  device_mount: 'devices',
  device_param: 'devices',
  device_rpc: 'devices',
  document: 'documents',
  document_version: 'documents',
  document_chunk: 'documents',
  consent: 'consents',
  consent_limit: 'consents',
  consent_reminder: 'consents',
  measure_template: 'measurements',
  manual_measurement: 'measurements',
  manual_value: 'measurements',
  energy_meter: 'energy',
  energy_tariff_version: 'energy',
  energy_budget: 'energy',
  energy_budget_alert: 'energy',
  energy_production: 'energy',
  energy_grid_factor: 'energy',
  energy_offset: 'energy',
  entity: 'entities',
  gateway: 'gateways',
  invite_token: 'accounts',
  license_count: 'tenants',
  login_attempt: 'accounts',
  param_limit: 'devices',
  partner_tenant: 'partners',
  reading: 'data',
  reading_15m: 'data',
  reading_15m_archive: 'data',
  reading_1d: 'data',
  reading_1h: 'data',
  reading_archive: 'data',
  reading_correction: 'data',
  regulator_attempt: 'regulator',
  regulator_connection: 'regulator',
  regulator_mapping: 'regulator',
  regulator_outbox: 'regulator',
  regulator_republish: 'regulator',
  regulator_station_sync: 'regulator',
  open_api_hits: 'open-data',
  open_api_key: 'open-data',
  open_data_file: 'open-data',
  open_data_file_change: 'open-data',
  open_data_publication: 'open-data',
  open_data_stale: 'open-data',
  report_job: 'reports',
  report_schedule: 'reports',
  report_schedule_run: 'reports',
  rollup_dirty: 'data',
  series_latest: 'data',
  slot_change: 'data',
  slot_consumer: 'data',
  station_status_change: 'entities',
  statutory_association: 'tenants',
  tenant_watch: 'tenants',
  std_param: 'data',
  suppression_window: 'devices',
  tenant: 'tenants',
  user_entity_access: 'users',
  user_login: 'users',
  user_login_event: 'users',
  user_preference: 'preferences',
  user_session: 'accounts',
  verification_code: 'accounts',
  subscription_plan: 'subscriptions',
  subscription_plan_version: 'subscriptions',
  subscription_coupon: 'subscriptions',
  subscription_coupon_redemption: 'subscriptions',
  subscription: 'subscriptions',
  subscription_order: 'subscriptions',
  subscription_payment: 'subscriptions',
  subscription_notice: 'subscriptions',
  invoice: 'subscriptions',
  invoice_sequence: 'subscriptions',
  payment_webhook_event: 'subscriptions',
  warranty_comment: 'warranty-requests',
  warranty_request: 'warranty-requests',
  warranty_request_document: 'warranty-requests',
  partner_warranty_terms: 'warranty-requests',
  camera: 'cameras',
  camera_preset: 'cameras',
  camera_snapshot: 'cameras',
  camera_alert_snapshot: 'cameras',
  camera_playlist: 'cameras',
  camera_playlist_item: 'cameras',
};

/** Tables no other part may touch directly, whatever the reason: each is reached only through its owner. */
const STRICT = new Set(['entity', 'device', 'tenant']);

/**
 * Where a part still reads or writes another part's table directly, keyed `table <- file`, with
 * why. It only shrinks: a listed place that no longer touches the table fails the last test.
 */
const CROSSINGS: Record<string, string> = {
  'alert_episode <- modules/compliance/compliance.repository.ts': 'counts exceedance episodes in the compliance timeline',
  'app_user <- modules/accounts/sessions.repository.ts': "a session carries its user's type, role and status, read in the same statement on every request",
  'app_user <- modules/alerts/alerts.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/alerts/notifications.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/audit-log/audit-log.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/change-requests/change-requests.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/warranty-requests/warranty-requests.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/compliance/compliance.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/regulator/regulator-logs.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/regulator/regulator-stops.repository.ts': 'names users, or finds who to notify',
  'app_user <- modules/reports/report-jobs.repository.ts': 'names users, or finds who to notify',
  'audit_log <- modules/audit-log/audit-log.repository.ts': "reads users' changes for their activity page",
  'audit_log <- modules/users/user-activity.repository.ts': "reads users' changes for their activity page",
  'corporate <- modules/audit-log/audit-log.repository.ts': 'names corporates',
  'corporate <- modules/partners/partners.repository.ts': 'names corporates',
  'corporate <- modules/tenants/tenant-directory.repository.ts': 'the tenant directory checks a CORPORATE-ID names a corporate',
  'corporate <- modules/tenants/tenants.repository.ts': 'names corporates',
  'corporate <- modules/users/users.repository.ts': 'names corporates',
  'device_credential <- modules/telemetry/device-profile.repository.ts': 'resolves access tokens to devices on the ingestion path',
  'device_credential <- modules/telemetry/gateway.repository.ts': 'resolves access tokens to devices on the ingestion path',
  'device_mount <- modules/alerts/alert-evaluation.repository.ts': 'reads which station a device served when',
  'device_mount <- modules/compliance/compliance.repository.ts': 'reads which station a device served when',
  'device_mount <- modules/data/catalog.repository.ts': 'reads which station a device served when',
  'device_param <- modules/alerts/alert-evaluation.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/alerts/alerts.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/change-requests/change-requests.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/compliance/compliance-days.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/compliance/compliance.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/dashboards/dashboards.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/data/catalog.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/data/rollups.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/regulator/outbox.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/regulator/regulator.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/reports/report-catalogue.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/telemetry/device-profile.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'device_param <- modules/telemetry/readings.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'gateway <- modules/telemetry/gateway.repository.ts': 'resolves gateway tokens on the ingestion path',
  'license_count <- modules/entities/entities.repository.ts': 'checks station licences when stations are created',
  'param_limit <- modules/alerts/alert-evaluation.repository.ts': "reads the limits of the devices' parameters",
  'param_limit <- modules/compliance/compliance-days.repository.ts': "reads the limits of the devices' parameters",
  'param_limit <- modules/compliance/compliance.repository.ts': "reads the limits of the devices' parameters",
  'param_limit <- modules/dashboards/oversight.repository.ts': "reads the limits of the devices' parameters",
  'param_limit <- modules/telemetry/device-profile.repository.ts': "reads the limits of the devices' parameters",
  'param_limit <- modules/telemetry/readings.repository.ts': "reads the limits of the devices' parameters",
  'partner_tenant <- modules/alerts/alerts.repository.ts': 'finds the partners of an industry',
  'partner_tenant <- modules/gateways/gateways.repository.ts': 'finds the partners of an industry',
  'partner_tenant <- modules/tenants/tenant-directory.repository.ts': 'the tenant directory resolves the industries a partner reads on every request',
  'reading <- modules/telemetry/readings.repository.ts': 'reads or writes readings in the set-based statements of its own path',
  'rollup_dirty <- modules/telemetry/readings.repository.ts': "marks rollup buckets in the ingestion commit's one statement",
  'slot_receipt <- modules/telemetry/readings.repository.ts': "records the slots' receive times in the ingestion commit's one statement",
  'series_latest <- modules/dashboards/oversight.repository.ts': 'reads or upserts the newest value of each series in one statement',
  'series_latest <- modules/devices/calibration.repository.ts': 'reads or upserts the newest value of each series in one statement',
  'series_latest <- modules/telemetry/readings.repository.ts': 'reads or upserts the newest value of each series in one statement',
  'station_status_change <- modules/compliance/compliance.repository.ts': 'reads working status changes for the compliance timeline',
  'partner_tenant <- modules/warranty-requests/warranty-requests.repository.ts': 'finds the service partners of an industry',
  'statutory_association <- modules/alerts/alerts.repository.ts': 'finds the boards an industry reports to',
  'statutory_association <- modules/alerts/notifications.repository.ts': 'finds the boards an industry reports to',
  'statutory_association <- modules/change-requests/change-requests.repository.ts': 'finds the boards an industry reports to',
  'statutory_association <- modules/public-portal/public-portal.repository.ts': 'finds the boards an industry reports to',
  'statutory_association <- modules/regulator/regulator-logs.repository.ts': 'finds the boards an industry reports to',
  'statutory_association <- modules/regulator/regulator.repository.ts': 'finds the boards an industry reports to',
  'std_param <- modules/alerts/alert-evaluation.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/alerts/alert-rules.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/alerts/alerts.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/change-requests/change-requests.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/compliance/compliance.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/dashboards/dashboards.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/devices/calibration.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/devices/devices.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/devices/spectral-params.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/devices/station-devices.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/regulator/outbox.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/regulator/regulator.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/reports/report-catalogue.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'std_param <- modules/telemetry/device-profile.repository.ts': 'reads the shared parameter catalogue (names, labels, units) beside its own rows',
  'suppression_window <- modules/compliance/compliance-days.repository.ts': 'reads calibration and maintenance windows in set-based statements',
  'suppression_window <- modules/compliance/compliance.repository.ts': 'reads calibration and maintenance windows in set-based statements',
  'suppression_window <- modules/compliance/figures.queries.ts': 'the one rule for calibration and maintenance quarters every compliance figure leaves out',
  'device_param <- modules/data-quality/data-quality.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'std_param <- modules/data-quality/data-quality.repository.ts': "reads the shared parameter catalogue (names, labels, units) beside its own rows",
  'device_param <- modules/data-quality/quality-days.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'std_param <- modules/data-quality/quality-days.repository.ts': "reads the shared parameter catalogue (names, labels, units) beside its own rows",
  'device_param <- modules/data-quality/quality-settings.repository.ts': "reads the devices' parameters (slots) beside its own rows",
  'std_param <- modules/data-quality/quality-settings.repository.ts': "reads the shared parameter catalogue (names, labels, units) beside its own rows",
  'param_limit <- modules/data-quality/quality-days.repository.ts': "reads the limits of the devices' parameters",
  'user_entity_access <- modules/entities/entities.repository.ts': 'resolves the stations a user is limited to',
};

/** The owner of a file: its module, or its platform part (platform/access, platform/audit, …). */
function ownerOf(file: string): string | undefined {
  return moduleOf(file) ?? (/^platform\/([^/]+)\//.exec(file) ? `platform/${file.split('/')[1]}` : undefined);
}

const KYSELY_TABLE_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'using', 'with']);

/** The tables a file names in SQL: Kysely's table arguments and the text of sql`…` templates. */
function tablesIn(file: string): { table: string; where: string }[] {
  const found: { table: string; where: string }[] = [];
  const sqlText = (text: string, node: ts.Node) => {
    for (const m of text.matchAll(/\b(?:from|join|update|into|using|table)\s+(?:only\s+)?([a-z_][a-z0-9_]*)\b(?!\s*\()/gi)) {
      const table = m[1]!.toLowerCase();
      if (table in OWNERS) found.push({ table, where: at(file, node) });
    }
  };
  for (const node of descendants(parse(file))) {
    // sql`…` templates, and in repositories every text (prepared statements are plain strings there).
    const tagged = ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql';
    if (tagged || (file.endsWith('.repository.ts') && (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !ts.isTaggedTemplateExpression(node.parent))) {
      const t = tagged ? (node as ts.TaggedTemplateExpression).template : (node as ts.TemplateLiteral);
      sqlText(ts.isNoSubstitutionTemplateLiteral(t) ? t.text : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' ? '), node);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KYSELY_TABLE_METHODS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      if (first && ts.isStringLiteral(first)) {
        const table = first.text.split(/\s+as\s+/)[0]!.trim();
        if (table in OWNERS) found.push({ table, where: at(file, node) });
      }
    }
  }
  return found;
}

const SCANNED = FILES.filter((f) => (f.startsWith('modules/') || f.startsWith('platform/')) && !f.includes('/migrations/'));

/** Every place a part touches a table another part owns. */
const crossings = SCANNED.flatMap((file) =>
  tablesIn(file)
    .filter(({ table }) => OWNERS[table] !== ownerOf(file))
    .map(({ table, where }) => ({ key: `${table} <- ${file}`, table, where })),
);

describe('one owner per table', () => {
  const created = readdirSync(path.join(SRC, 'platform/database/migrations'))
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => [...readFileSync(path.join(SRC, 'platform/database/migrations', f), 'utf8').matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(?!if\s+not\b)([a-z_][a-z_0-9]*)/gi)].map((m) => m[1]!.toLowerCase()));

  it('every table the migrations create has an owner, and every owner is a module or platform part', () => {
    expect([...new Set(created)].filter((t) => !(t in OWNERS))).toEqual([]);
    const parts = new Set(SCANNED.map(ownerOf));
    expect(Object.values(OWNERS).filter((o) => !parts.has(o))).toEqual([]);
  });

  it('finds the tables named in SQL', () => {
    expect(SCANNED.flatMap(tablesIn).length).toBeGreaterThan(200);
  });

  it('entity, device and tenant are touched by their owners only', () => {
    expect(crossings.filter((c) => STRICT.has(c.table)).map((c) => `${c.where} ${c.table} (owned by ${OWNERS[c.table]})`)).toEqual([]);
  });

  it('other tables are touched by their owners, or at a listed crossing', () => {
    expect(crossings.filter((c) => !STRICT.has(c.table) && !(c.key in CROSSINGS)).map((c) => `${c.where} ${c.key}`)).toEqual([]);
  });

  it('every listed crossing is still there', () => {
    expect(Object.keys(CROSSINGS).filter((key) => !crossings.some((c) => c.key === key))).toEqual([]);
  });
});
