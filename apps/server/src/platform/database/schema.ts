import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables of migrations/*.sql. Keep in step with the SQL. */
export interface Database {
  corporate: CorporateTable;
  tenant: TenantTable;
  statutory_association: StatutoryAssociationTable;
  partner_tenant: PartnerTenantTable;
  tenant_watch: TenantWatchTable;
  std_param: StdParamTable;
  device_make: DeviceMakeTable;
  device_model: DeviceModelTable;
  entity: EntityTable;
  device: DeviceTable;
  device_credential: DeviceCredentialTable;
  device_param: DeviceParamTable;
  param_limit: ParamLimitTable;
  reading: ReadingTable;
  reading_archive: ReadingArchiveTable;
  reading_15m: Reading15mTable;
  reading_15m_archive: Reading15mArchiveTable;
  reading_1h: Reading1hTable;
  reading_1d: Reading1hTable;
  rollup_dirty: RollupDirtyTable;
  slot_consumer: SlotConsumerTable;
  slot_change: SlotChangeTable;
  suppression_window: SuppressionWindowTable;
  reading_correction: ReadingCorrectionTable;
  slot_quality: SlotQualityTable;
  slot_receipt: SlotReceiptTable;
  quality_setting: QualitySettingTable;
  quality_device_day: QualityDeviceDayTable;
  device_day_quarters: DeviceDayQuartersTable;
  series_latest: SeriesLatestTable;
  alert: AlertTable;
  alert_escalation: AlertEscalationTable;
  alert_rule: AlertRuleTable;
  alert_slot: AlertSlotTable;
  alert_episode: AlertEpisodeTable;
  alert_transition: AlertTransitionTable;
  alert_escalation_state: AlertEscalationStateTable;
  notification_outbox: NotificationOutboxTable;
  user_notification: UserNotificationTable;
  notification_preference: NotificationPreferenceTable;
  api_key: ApiKeyTable;
  app_user: AppUserTable;
  user_login: UserLoginTable;
  user_session: UserSessionTable;
  login_attempt: LoginAttemptTable;
  audit_log: AuditLogTable;
  license_count: LicenseCountTable;
  user_preference: UserPreferenceTable;
  verification_code: VerificationCodeTable;
  invite_token: InviteTokenTable;
  user_login_event: UserLoginEventTable;
  user_entity_access: UserEntityAccessTable;
  regulator_connection: RegulatorConnectionTable;
  regulator_mapping: RegulatorMappingTable;
  regulator_outbox: RegulatorOutboxTable;
  regulator_station_sync: RegulatorStationSyncTable;
  regulator_attempt: RegulatorAttemptTable;
  regulator_republish: RegulatorRepublishTable;
  device_mount: DeviceMountTable;
  gateway: GatewayTable;
  dashboard: DashboardTable;
  report_job: ReportJobTable;
  report_schedule: ReportScheduleTable;
  report_schedule_run: ReportScheduleRunTable;
  billing_address: BillingAddressTable;
  open_data_publication: OpenDataPublicationTable;
  open_api_key: OpenApiKeyTable;
  open_api_hits: OpenApiHitsTable;
  open_data_stale: OpenDataStaleTable;
  open_data_file: OpenDataFileTable;
  open_data_file_change: OpenDataFileChangeTable;
  change_request: ChangeRequestTable;
  change_request_event: ChangeRequestEventTable;
  change_request_document: ChangeRequestDocumentTable;
  partner_warranty_terms: PartnerWarrantyTermsTable;
  warranty_request: WarrantyRequestTable;
  warranty_request_document: WarrantyRequestDocumentTable;
  warranty_comment: WarrantyCommentTable;
  camera: CameraTable;
  camera_preset: CameraPresetTable;
  camera_snapshot: CameraSnapshotTable;
  camera_alert_snapshot: CameraAlertSnapshotTable;
  camera_playlist: CameraPlaylistTable;
  camera_playlist_item: CameraPlaylistItemTable;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint ids arrive from pg as strings; we hand them to clients as numbers (they stay below 2^53). */
type BigId = ColumnType<string, number | string, number | string>;
type GeneratedBigId = ColumnType<string, number | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface EntityProperty {
  name: string;
  value: string;
}

export interface CorporateTable {
  id: Generated<number>;
  name: string;
  contact_email: string | null;
  contact_phone: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface TenantTable {
  id: Generated<number>;
  name: string;
  type: Generated<string>;
  status: Generated<string>;
  corporate_id: number | null;
  monitored_units: Generated<number>;
  industry_category: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A partner (partner_id) serves an industry (tenant_id). */
export interface PartnerTenantTable {
  tenant_id: number;
  partner_id: number;
  created_at: CreatedAt;
}

/** An investor or quasi-regulator (watcher_id) follows an industry (tenant_id). */
export interface TenantWatchTable {
  tenant_id: number;
  watcher_id: number;
  created_at: CreatedAt;
}

export interface StatutoryAssociationTable {
  tenant_id: number;
  statutory_id: number;
  created_at: CreatedAt;
}

export interface StdParamTable {
  id: Generated<number>;
  name: string;
  label: string;
  unit: Generated<string>;
  metric_agg: Generated<string>;
  downsample_agg: Generated<string>;
  virtual: Generated<boolean>;
  is_conversion: Generated<boolean>;
  show_widget: Generated<boolean>;
  widget_name: string | null;
}

export interface DeviceMakeTable {
  id: Generated<number>;
  name: string;
}

export interface DeviceModelTable {
  id: Generated<number>;
  make_id: number;
  name: string;
}

export interface EntityTable {
  tenant_id: number;
  id: GeneratedBigId;
  parent_id: BigId | null;
  type: string;
  name: string;
  properties: ColumnType<EntityProperty[], string | undefined, string>;
  status: Generated<string>;
  working_status: string | null;
  last_data_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DeviceTable {
  tenant_id: number;
  id: GeneratedBigId;
  entity_id: BigId | null;
  model_id: number | null;
  name: string;
  serial_no: string | null;
  sensor_id: string | null;
  tags: ColumnType<Record<string, string>, string | undefined, string>;
  deleted_date: Timestamp | null;
  last_data_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Which device served which station when (migration 030); unmounted_at null is the current mount. */
export interface DeviceMountTable {
  tenant_id: number;
  id: GeneratedBigId;
  device_id: BigId;
  entity_id: BigId;
  mounted_at: Timestamp;
  unmounted_at: Timestamp | null;
  mounted_by: BigId | null;
  unmounted_by: BigId | null;
}

/** A gateway forwarding many devices over one MQTT connection (migration 030). */
export interface GatewayTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  access_token: string;
  last_seen_at: Timestamp | null;
  deleted_date: Timestamp | null;
  created_at: CreatedAt;
}

export interface DeviceCredentialTable {
  access_token: string;
  tenant_id: number;
  device_id: BigId;
  created_at: CreatedAt;
}

export interface DeviceParamTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  std_param_id: number;
  unit: string | null;
  deleted_date: Timestamp | null;
}

export interface ParamLimitTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  min_value: number | null;
  max_value: number | null;
}

export interface ReadingTable {
  tenant_id: number;
  device_id: BigId;
  ts: Timestamp;
  vals: Json<(number | null)[]> | (number | null)[];
}

/** A device's raw readings of one India day past the back-fill window, compacted (220_reading_archive.sql); read through enviro_readings. */
export interface ReadingArchiveTable {
  tenant_id: number;
  device_id: BigId;
  day: Timestamp;
  instants: number;
  ms: number[];
  us: number[] | null;
  width: number[] | null;
  scale: (number | null)[];
  ivals: (number | null)[];
  checkpoints: number[];
  fvals: (number | null)[] | null;
}

/** A device's 15-minute rollups of one archived India day, compacted (240_quarter_archive.sql); read through enviro_quarters. */
export interface Reading15mArchiveTable {
  tenant_id: number;
  device_id: BigId;
  day: Timestamp;
  scale: (number | null)[];
  n: (number | null)[];
  isum: (string | null)[];
  imin: (number | null)[];
  imax: (number | null)[];
  ifirst: (number | null)[];
  ilast: (number | null)[];
  fsum: (number | null)[] | null;
  fmin: (number | null)[] | null;
  fmax: (number | null)[] | null;
  ffirst: (number | null)[] | null;
  flast: (number | null)[] | null;
}

export interface Reading15mTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  bucket: Timestamp;
  n: number;
  sum: number;
  min: number;
  max: number;
  first: number;
  last: number;
}

/** Hours starting at :30 UTC (India's hours), from their quarters in reading_15m; and India's days (reading_1d) from those hours. */
export interface Reading1hTable extends Reading15mTable {
  /** Quarters of the hour (or day) holding data. */
  slots: number;
}

export interface RollupDirtyTable {
  tenant_id: number;
  device_id: BigId;
  bucket: Timestamp;
  /** Failed rollups of the bucket in a row (018_rollup_retry.sql). */
  attempts: Generated<number>;
  last_error: string | null;
  /** Not retried before this instant; null until it fails. */
  next_try: Timestamp | null;
}

/** A reader of closed 15-minute slots (019_slot_changes_and_suppression.sql). */
export interface SlotConsumerTable {
  name: string;
}

/** A closed slot of one device whose readings changed, waiting for one consumer. */
export interface SlotChangeTable {
  tenant_id: number;
  consumer: string;
  device_id: BigId;
  bucket: Timestamp;
  changed_at: CreatedAt;
  seq: GeneratedBigId;
}

/** A period when a device's or station's readings are calibration or maintenance data, not process data. */
export interface SuppressionWindowTable {
  tenant_id: number;
  id: GeneratedBigId;
  device_id: BigId | null;
  entity_id: BigId | null;
  kind: 'CALIBRATION' | 'MAINTENANCE';
  starts_at: Timestamp;
  /** Null while the window is open. */
  ends_at: Timestamp | null;
  source: string | null;
  reason: string | null;
  created_at: CreatedAt;
}

/** A version of a correction over one series and period (180_reading_corrections.sql); raw readings stay as received. */
export interface ReadingCorrectionTable {
  tenant_id: number;
  id: GeneratedBigId;
  device_id: BigId;
  slot: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  kind: 'LINEAR' | 'REPLACE' | 'INVALID';
  factor: number;
  value_offset: number;
  version: number;
  reason: string;
  source: string;
  requested_by: string;
  approved_by: string;
  approved_at: Timestamp;
  superseded_at: Timestamp | null;
  superseded_by: string | null;
}

/** Quarters of a local day holding data of a device, as 96 bits (055_oversight.sql). */
export interface DeviceDayQuartersTable {
  tenant_id: number;
  device_id: BigId;
  /** The day of Asia/Kolkata, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  /** '0'/'1' text of 96 bits, bit i the quarter from local midnight + i x 15 minutes. */
  quarters: string;
}

export interface SeriesLatestTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  ts: Timestamp;
  value: number;
}

export interface AlertTable {
  tenant_id: number;
  id: GeneratedBigId;
  device_id: BigId;
  entity_id: BigId | null;
  slot: number;
  std_param_id: number;
  type: Generated<string>;
  ts: Timestamp;
  value: number;
  limit_min: number | null;
  limit_max: number | null;
  created_at: CreatedAt;
}

export interface AlertEscalationTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  is_default: Generated<boolean>;
  levels: Json<unknown[]>;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AlertRuleTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  entity_id: BigId | null;
  category: string | null;
  std_param_ids: Generated<number[]>;
  device_ids: ColumnType<string[], (string | number)[] | undefined, (string | number)[]>;
  status: Generated<string>;
  severity: Generated<string>;
  escalation_id: BigId | null;
  condition: string;
  comparison: Generated<string>;
  threshold_min: number | null;
  threshold_max: number | null;
  duration_minutes: number | null;
  clear_slots: Generated<number>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AlertSlotTable {
  tenant_id: number;
  rule_id: BigId;
  device_id: BigId;
  slot: number;
  bucket: Timestamp;
  value: number | null;
  breach: boolean;
  suppressed: Generated<boolean>;
}

export interface AlertEpisodeTable {
  tenant_id: number;
  id: GeneratedBigId;
  rule_id: BigId;
  /** Null for an alert about something that is no device (a camera, 195): then subject_id and subject. */
  device_id: BigId | null;
  subject_id: BigId | null;
  subject: string | null;
  entity_id: BigId | null;
  slot: number;
  std_param_id: number | null;
  type: string;
  severity: string;
  status: Generated<string>;
  started_at: Timestamp;
  last_breach_at: Timestamp;
  ended_at: Timestamp | null;
  peak: number | null;
  limit_min: number | null;
  limit_max: number | null;
  slot_count: Generated<number>;
  message: string;
  source_id: BigId | null;
  ack_user_id: BigId | null;
  ack_at: Timestamp | null;
  ack_comment: string | null;
  closed_user_id: BigId | null;
  closed_at: Timestamp | null;
  close_reason: string | null;
  /** The alert that absorbed this one's slots when late readings joined them (061). */
  merged_into: BigId | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: Generated<Date>;
}

export interface AlertTransitionTable {
  tenant_id: number;
  alert_id: BigId;
  id: GeneratedBigId;
  from_status: string | null;
  to_status: string;
  at: Generated<Date>;
  user_id: BigId | null;
  comment: string | null;
}

export interface AlertEscalationStateTable {
  tenant_id: number;
  alert_id: BigId;
  level: number;
  next_at: Timestamp | null;
  sent_count: Generated<number>;
}

export interface NotificationOutboxTable {
  tenant_id: number;
  id: GeneratedBigId;
  alert_id: BigId;
  level: number;
  channel: string;
  user_tenant_id: number | null;
  user_id: BigId | null;
  recipient: string;
  address: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  result: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  sent_at: Timestamp | null;
}

export interface UserNotificationTable {
  tenant_id: number;
  user_id: BigId;
  id: GeneratedBigId;
  alert_ids: ColumnType<string[], (string | number)[], (string | number)[]>;
  severity: string;
  title: string;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  read_at: Timestamp | null;
}

export interface NotificationPreferenceTable {
  tenant_id: number;
  user_id: BigId;
  severity: string;
  channels: string[];
}

export interface ApiKeyTable {
  key_hash: string;
  tenant_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface AppUserTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  user_name: string;
  phone: string | null;
  user_type: string;
  role: string;
  status: Generated<string>;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  phone_verified: Generated<boolean>;
  corporate_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  primary_user: Generated<boolean>;
  last_login_at: Timestamp | null;
}

export interface UserLoginTable {
  user_name: string;
  tenant_id: number;
  user_id: BigId;
}

export interface UserSessionTable {
  id: string;
  tenant_id: number;
  user_id: BigId;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptTable {
  id: GeneratedBigId;
  user_name: string;
  ip: string;
  at: Generated<Date>;
}

export interface AuditLogTable {
  tenant_id: number;
  id: GeneratedBigId;
  actor: string;
  actor_user_id: BigId | null;
  at: Generated<Date>;
  action: string;
  entity: string;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface LicenseCountTable {
  tenant_id: number;
  station_type: string;
  licensed: number;
  updated_at: Generated<Date>;
}

export interface UserPreferenceTable {
  tenant_id: number;
  user_tenant_id: number;
  user_id: BigId;
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

/** A successful sign-in (user activity). */
export interface UserLoginEventTable {
  tenant_id: number;
  id: GeneratedBigId;
  user_id: BigId;
  at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

/** An entity a user is limited to (with its descendants); none: all of the tenant's. */
export interface UserEntityAccessTable {
  tenant_id: number;
  user_id: BigId;
  entity_id: BigId;
}

export interface VerificationCodeTable {
  tenant_id: number;
  id: GeneratedBigId;
  user_id: BigId;
  purpose: 'invite' | 'email' | 'phone';
  code_hash: string;
  target: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface InviteTokenTable {
  token_hash: string;
  tenant_id: number;
  verification_code_id: BigId;
}

/** An endpoint of a statutory body (040_regulator.sql); `credentials` is sealed. */
export interface RegulatorConnectionTable {
  id: GeneratedBigId;
  statutory_id: number;
  name: string;
  protocol: string;
  url: string;
  enabled: Generated<boolean>;
  backfill_days: Generated<number>;
  credentials: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** An industry's mapping onto a connection; `stations` is the contract's StationMapping[]. */
export interface RegulatorMappingTable {
  tenant_id: number;
  connection_id: BigId;
  enabled: Generated<boolean>;
  industry_id: string;
  credentials: string | null;
  stations: ColumnType<unknown, string | undefined, string>;
  /** Set while a configuration error the regulator answered stops the industry on the connection (095_regulator_odams.sql). */
  stopped_at: Generated<Date | null>;
  stopped_code: Generated<string | null>;
  stopped_message: Generated<string | null>;
  stopped_device: Generated<string | null>;
  updated_at: Generated<Date>;
}

/** One record to push: a connection, a station and a 15-minute slot. */
export interface RegulatorOutboxTable {
  tenant_id: number;
  id: GeneratedBigId;
  connection_id: BigId;
  station_id: BigId;
  slot: Timestamp;
  status: Generated<string>;
  kind: Generated<string>;
  params: string[] | null;
  republish_id: BigId | null;
  attempts: Generated<number>;
  version: Generated<number>;
  next_try_at: Generated<Date>;
  lease_until: Timestamp | null;
  lease_owner: string | null;
  sent_at: Timestamp | null;
  last_error: string | null;
  value_count: Generated<number>;
  calibration_count: Generated<number>;
  /** Since when it waits to be accepted (queued, or back to waiting as a correction). */
  waiting_since: Generated<Date>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface RegulatorStationSyncTable {
  tenant_id: number;
  connection_id: BigId;
  station_id: BigId;
  last_accepted_slot: Timestamp;
  last_sent_at: Timestamp;
}

export interface RegulatorAttemptTable {
  tenant_id: number;
  id: GeneratedBigId;
  connection_id: BigId;
  station_id: BigId;
  slot: Timestamp;
  kind: string;
  at: Timestamp;
  duration_ms: number;
  outcome: string;
  http_status: number | null;
  error_code: string | null;
  answer: string;
}

export interface RegulatorRepublishTable {
  tenant_id: number;
  id: GeneratedBigId;
  station_id: BigId;
  params: ColumnType<string[], string[] | undefined, string[]>;
  from_ts: Timestamp;
  to_ts: Timestamp;
  reason: string;
  created_by: string;
  total: Generated<number>;
  created_at: CreatedAt;
}

/** A dashboard: a named grid of widgets (migration 050). */
export interface DashboardTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  entity_type: string | null;
  owner_user_tenant_id: number | null;
  owner_user_id: BigId | null;
  shared_roles: string[];
  template: string | null;
  widgets: Json<unknown[]>;
  created_by: BigId | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A report built in the background (migration 060). */
export interface ReportJobTable {
  id: GeneratedBigId;
  tenant_id: number;
  user_id: BigId | null;
  report_id: number;
  format: string;
  params: Json<Record<string, unknown>>;
  status: Generated<string>;
  percent: Generated<number>;
  rows_done: Generated<number>;
  error: string | null;
  file_name: string | null;
  content_type: string | null;
  content: Buffer | null;
  leased_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** A report mailed on a schedule in IST (migration 060). */
export interface ReportScheduleTable {
  id: GeneratedBigId;
  tenant_id: number;
  name: string;
  report_id: number;
  format: string;
  params: Json<Record<string, unknown>>;
  frequency: string;
  at_minute: number;
  recipients: string[];
  enabled: Generated<boolean>;
  created_by: BigId | null;
  created_at: CreatedAt;
}

/** One period's run of a schedule; unique per schedule and period (migration 060). */
export interface ReportScheduleRunTable {
  id: GeneratedBigId;
  schedule_id: BigId;
  tenant_id: number;
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  status: Generated<string>;
  attempts: Generated<number>;
  error: string | null;
  next_try_at: Timestamp | null;
  leased_until: Timestamp | null;
  started_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** SPEC 3 Address, addressType BILLING, of a tenant or a station (migration 060). */
export interface BillingAddressTable {
  tenant_id: number;
  owner_kind: string;
  owner_id: BigId;
  address_type: Generated<string>;
  line1: string;
  line2: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  gstin: string | null;
}

export interface OpenDataPublicationTable {
  tenant_id: number;
  published_at: CreatedAt;
  published_by: BigId | null;
  files_seeded_at: Timestamp | null;
}

export interface OpenApiKeyTable {
  id: GeneratedBigId;
  email: string;
  purpose: Generated<string>;
  key_hash: string;
  key_prefix: string;
  confirm_hash: string | null;
  confirm_expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  per_minute: Generated<number>;
  per_hour: Generated<number>;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface OpenApiHitsTable {
  caller: string;
  window_kind: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface OpenDataStaleTable {
  tenant_id: number;
  device_id: BigId;
  /** First day of the IST month, 'YYYY-MM-01'. */
  month: ColumnType<string, string, string>;
  marked_at: CreatedAt;
  due_at: Timestamp;
  leased_until: Timestamp | null;
}

export interface OpenDataFileTable {
  tenant_id: number;
  station_id: BigId;
  month: ColumnType<string, string, string>;
  board_id: number;
  rows: number;
  sha256: string;
  content: Buffer;
  generated_at: Timestamp;
}

export interface OpenDataFileChangeTable {
  tenant_id: number;
  id: GeneratedBigId;
  station_id: BigId;
  month: ColumnType<string, string, string>;
  board_id: number;
  reason: string;
  rows: number;
  sha256: string;
  changed_at: CreatedAt;
}
/** Change requests (migration 100). */
export interface ChangeRequestTable {
  tenant_id: number;
  id: GeneratedBigId;
  cr_type: 'MAINTENANCE' | 'CORRECTION';
  status: 'SUBMITTED' | 'UNDER_REVIEW' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN' | 'CLOSED';
  station_id: BigId;
  device_id: BigId | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  param_slot: number | null;
  correction: ColumnType<unknown, string | null, string | null> | null;
  raised_by: number;
  window_id: BigId | null;
  /** The correction layer version an approved correction applied, and its regulator republish (181). */
  correction_id: BigId | null;
  republish_id: BigId | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ChangeRequestEventTable {
  tenant_id: number;
  request_id: BigId;
  id: GeneratedBigId;
  status: ChangeRequestTable['status'];
  actor_id: number;
  actor_name: string;
  comment: Generated<string>;
  at: Generated<Date>;
}

export interface ChangeRequestDocumentTable {
  tenant_id: number;
  request_id: BigId;
  document_id: BigId;
}

/** Warranty requests (migration 101). */
export interface PartnerWarrantyTermsTable {
  /** The partner. */
  tenant_id: number;
  sla_hours: number;
  /** Hours to respond (182). */
  response_hours: number;
  updated_at: Generated<Date>;
}

export interface WarrantyRequestTable {
  tenant_id: number;
  id: GeneratedBigId;
  device_id: BigId;
  serial_no: string;
  fault: string;
  status: Generated<'OPEN' | 'IN_PROGRESS' | 'RESOLVED' | 'REJECTED' | 'CLOSED'>;
  partner_id: number;
  sla_hours: number;
  due_at: Timestamp;
  /** The response clock of the terms it was raised under, and the partner's first answer (182). */
  response_hours: number;
  respond_by: Timestamp;
  responded_at: Timestamp | null;
  resolved_at: Timestamp | null;
  raised_by: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface WarrantyRequestDocumentTable {
  tenant_id: number;
  request_id: BigId;
  document_id: BigId;
}

export interface WarrantyCommentTable {
  tenant_id: number;
  request_id: BigId;
  id: GeneratedBigId;
  author_id: number;
  author_name: string;
  status: string | null;
  body: string;
  created_at: CreatedAt;
}

/** A slot of a series that is not valid, with the detectors that fired (migration 130). */
export interface SlotQualityTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  bucket: Timestamp;
  state: string;
  detectors: string[];
}

/** When a device's readings of one 15-minute slot reached the server (migration 210). */
export interface SlotReceiptTable {
  tenant_id: number;
  device_id: BigId;
  bucket: Timestamp;
  received_first: Timestamp;
  lag_min_ms: BigId;
  lag_max_ms: BigId;
  first_ms: number;
  last_ms: number;
}

/** A device parameter's own detector settings (migration 211; DetectorSettings in the contracts). */
export interface QualitySettingTable {
  tenant_id: number;
  device_id: BigId;
  slot: number;
  settings: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

/** What a device's daily data-quality score is made of, per IST day (migration 130). */
export interface QualityDeviceDayTable {
  tenant_id: number;
  device_id: BigId;
  day: ColumnType<string, string, string>;
  slots: number;
  counted: number;
  credit: number;
  states: ColumnType<Record<string, number>, string, string>;
  fired: ColumnType<Record<string, number>, string, string>;
}

/** A camera (160_cameras.sql); `secrets` is sealed. */
export interface CameraTable {
  tenant_id: number;
  id: GeneratedBigId;
  entity_id: BigId | null;
  name: string;
  secrets: string;
  has_credentials: Generated<boolean>;
  has_onvif: Generated<boolean>;
  rtsp_transport: Generated<'tcp' | 'udp'>;
  status: Generated<'UNKNOWN' | 'ONLINE' | 'OFFLINE' | 'UNAVAILABLE'>;
  status_reason: string | null;
  last_frame_at: Timestamp | null;
  checked_at: Timestamp | null;
  offline_since: Timestamp | null;
  offline_alerted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CameraPresetTable {
  tenant_id: number;
  camera_id: BigId;
  name: string;
  token: string;
  updated_at: Generated<Date>;
}

export interface CameraSnapshotTable {
  tenant_id: number;
  id: GeneratedBigId;
  camera_id: BigId;
  taken_at: Generated<Date>;
  reason: 'ON_DEMAND' | 'EXCEEDANCE';
  alert_id: BigId | null;
  taken_by: number | null;
  jpeg: Buffer;
}

export interface CameraAlertSnapshotTable {
  tenant_id: number;
  alert_id: BigId;
  camera_id: BigId;
  opened_at: Timestamp;
  attempts: Generated<number>;
  next_at: Generated<Date>;
  done_at: Timestamp | null;
  last_error: string | null;
}

export interface CameraPlaylistTable {
  tenant_id: number;
  id: GeneratedBigId;
  name: string;
  layout: number;
  interval_seconds: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CameraPlaylistItemTable {
  tenant_id: number;
  playlist_id: BigId;
  position: number;
  camera_id: BigId;
}
