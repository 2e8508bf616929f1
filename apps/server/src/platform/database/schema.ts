import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables of migrations/*.sql. Keep in step with the SQL. */
export interface Database {
  corporate: CorporateTable;
  tenant: TenantTable;
  statutory_association: StatutoryAssociationTable;
  partner_tenant: PartnerTenantTable;
  std_param: StdParamTable;
  device_make: DeviceMakeTable;
  device_model: DeviceModelTable;
  entity: EntityTable;
  device: DeviceTable;
  device_credential: DeviceCredentialTable;
  device_param: DeviceParamTable;
  param_limit: ParamLimitTable;
  reading: ReadingTable;
  reading_15m: Reading15mTable;
  reading_1h: Reading1hTable;
  rollup_dirty: RollupDirtyTable;
  slot_consumer: SlotConsumerTable;
  slot_change: SlotChangeTable;
  suppression_window: SuppressionWindowTable;
  device_day_quarters: DeviceDayQuartersTable;
  series_latest: SeriesLatestTable;
  alert: AlertTable;
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
  dashboard: DashboardTable;
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

/** Hours starting at :30 UTC (India's hours), from their quarters in reading_15m. */
export interface Reading1hTable extends Reading15mTable {
  /** Quarters of the hour holding data. */
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
