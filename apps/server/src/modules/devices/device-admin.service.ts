import { randomBytes } from 'node:crypto';
import type { AvailabilityDay, AvailabilityRequest, DeviceBody, DeviceDetail, DeviceListQuery, DeviceMount, DevicePage, DeviceParamDetail, DeviceSummary, ParamData, ParamDataRequest, UpdateDeviceBody } from '@enviro/contracts/devices';
import type { ModbusQuery, ModbusReadings } from '@enviro/contracts/devices/modbus';
import { deviceDisplayId } from '@enviro/domain/display-id';
import { liveStatus } from '@enviro/domain/live-status';
import { parseSpectralParam, SPECTRAL_TYPES, type SpectralType } from '@enviro/domain/spectral';
import { addCalendar, addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { z } from 'zod';
import type { DeviceBody as DeviceBodySchema, UpdateDeviceBody as UpdateDeviceBodySchema } from '@enviro/contracts/devices';
import { assertMayChangeFleet, fleetTenant, mayChangeFleet, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { toPage } from '../../platform/http/paging.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { EventHub } from '../../platform/events/app-events.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { SpectralParamRepository } from './spectral-params.repository.ts';
import type { SuppressionWindowService } from './suppression-windows.service.ts';
import { DeviceRepository, type FleetDeviceRow, type FleetParamRow, type MountRow, type ParamWrite } from './devices.repository.ts';

const deviceNotFound = (id: number) => notFound(`No device with id= ${id} exists`);
const nodeNotFound = (id: number) => notFound(`No Node with id= ${id} exists`);

/** A diagnostic parameter's name starts with this (SPEC 3). */
const DIAGNOSTIC_PREFIX = 'device_';
const DAY_MS = 86_400_000;
const SLOT_MS = 15 * 60_000;
/** Availability is counted over India's days. */
const AVAILABILITY_ZONE = DEFAULT_TIME_ZONE;
/**
 * Values one answer of readings may hold (readings × parameters): 7 days of a reading a minute for
 * 9 parameters, or for 256 wavelengths of a spectrum about 6 hours. More answers 400 asking for a
 * shorter range or fewer parameters, rather than leaving readings out unsaid.
 */
export const MAX_READING_VALUES = 100_000;

type ParsedDeviceBody = z.infer<typeof DeviceBodySchema>;
type ParsedUpdateBody = z.infer<typeof UpdateDeviceBodySchema>;

/**
 * A tenant's devices as its people manage them in the app (SPEC 7 Devices; issue 13): the fleet
 * list, create and edit with parameters, units and limits, soft delete by deletedDate, token
 * rotation, mount and unmount with history, diagnostics and availability. Reads for whoever reads
 * the tenant; changes for its administrators, partners and site operations (assertMayChangeFleet),
 * each audited in its own transaction. Changes that alter what a token stands for (rotation,
 * removal, mount) are announced so every server's token cache forgets it at once.
 */
export class DeviceAdminService {
  private readonly devices: DeviceRepository;
  private readonly spectral: SpectralParamRepository;

  /**
   * @param forgetTokens announces tokens whose change has committed, so this server's ingestion
   * drops them from its cache at once (other servers hear of it by NOTIFY).
   */
  constructor(
    private readonly db: Db,
    private readonly windows: SuppressionWindowService,
    private readonly entities: EntityService,
    private readonly events: EventHub,
    private readonly forgetTokens: (tokens: readonly string[]) => void = () => undefined,
  ) {
    this.devices = new DeviceRepository(db);
    this.spectral = new SpectralParamRepository(db);
  }

  /** The fleet page: the tenants' devices matching the filters, one page. */
  async list(auth: Auth, query: DeviceListQuery, only?: { unmounted: boolean }): Promise<DevicePage> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    if (query.entityId !== undefined) await this.station(auth, query.entityId);
    const now = Date.now();
    const restriction = await this.entities.restriction(auth);
    const { rows, total } = await this.devices.list(tenantIds, { ...query, unmounted: only?.unmounted ?? false, restriction }, now);
    return toPage(rows.map((r) => toSummary(r, now)), total, query);
  }

  /** One device; with `params`, its parameters and mount history. */
  async get(auth: Auth, id: number, withParams: boolean): Promise<DeviceDetail> {
    const row = await this.readable(auth, id);
    const canEdit = mayChangeFleet(auth, row.tenant_id);
    const now = Date.now();
    const [tokens, params, mounts] = await Promise.all([
      canEdit ? this.devices.tokens(row.tenant_id, id) : Promise.resolve([]),
      withParams ? this.devices.params(row.tenant_id, id) : Promise.resolve(null),
      withParams ? this.devices.mounts(row.tenant_id, id) : Promise.resolve(null),
    ]);
    return {
      ...toSummary(row, now),
      tags: row.tags,
      accessToken: tokens.at(-1) ?? null,
      canEdit,
      ...(params && { params: params.map(toParamDetail) }),
      ...(mounts && { mounts: mounts.map(toMount) }),
    };
  }

  /** Registers a device (in stock unless `entityId` names its station) with a new access token. */
  async create(auth: Auth, body: ParsedDeviceBody): Promise<DeviceDetail> {
    const tenantId = fleetTenant(auth, body.tenantId);
    const user = assertMayChangeFleet(auth, tenantId);
    const params = await this.checkDevice(body, null);
    if (body.entityId !== undefined) await this.mountableStation(auth, tenantId, body.entityId, 'entityId');
    const id = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      await this.claimSerial(devices, body.serialNo, null);
      const id = await devices.insert(tenantId, writeOf(body), params, newToken());
      if (body.entityId !== undefined) await devices.mount(tenantId, id, body.entityId, user.userId);
      await audit(trx, user, tenantId, id, 'device.create', null, { ...writeOf(body), entityId: body.entityId ?? null, params: body.params });
      return id;
    });
    // Parameters on a station of a type the industry had none of: that type's template dashboard.
    if (body.entityId !== undefined) await this.events.emit('station.mounted', { tenantId });
    return this.get(auth, id, true);
  }

  /** Replaces a device's fields and parameters (slots kept by name; left-out ones removed). */
  async update(auth: Auth, id: number, body: ParsedUpdateBody): Promise<DeviceDetail> {
    const { row, user } = await this.writable(auth, id);
    const params = await this.checkDevice(body, id);
    const before = await this.get(auth, id, true);
    const tokens = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      await this.claimSerial(devices, body.serialNo, id);
      await devices.update(row.tenant_id, id, writeOf(body));
      await devices.writeParams(row.tenant_id, id, params);
      // The cached profiles of ingestion hold the parameters and limits: drop them everywhere.
      const tokens = await devices.tokens(row.tenant_id, id);
      await devices.announceTokens(tokens);
      await audit(trx, user, row.tenant_id, id, 'device.update', before, { ...writeOf(body), params: body.params });
      return tokens;
    });
    this.forgetTokens(tokens);
    return this.get(auth, id, true);
  }

  /** Removes a device from service (deletedDate set, unmounted); its tokens stop working at once. */
  async remove(auth: Auth, id: number): Promise<DeviceDetail> {
    const { row, user } = await this.writable(auth, id);
    const tokens = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      const tokens = await devices.softDelete(row.tenant_id, id, user.userId);
      await devices.announceTokens(tokens);
      await audit(trx, user, row.tenant_id, id, 'device.delete', { entityId: row.entity_id }, { deletedDate: 'now' });
      return tokens;
    });
    this.forgetTokens(tokens);
    return this.get(auth, id, false);
  }

  /** A new access token; the old ones stop working at once, on every server. */
  async rotateToken(auth: Auth, id: number): Promise<{ accessToken: string }> {
    const { row, user } = await this.writable(auth, id);
    const accessToken = newToken();
    const old = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      const old = await devices.revokeTokens(row.tenant_id, id);
      await devices.addToken(row.tenant_id, id, accessToken);
      await devices.announceTokens(old);
      // The token itself is not written to the log.
      await audit(trx, user, row.tenant_id, id, 'device.rotateToken', { tokens: old.length }, { tokens: 1 });
      return old;
    });
    this.forgetTokens(old);
    return { accessToken };
  }

  /** 409 when a live device already has the serial number (SPEC 4, 8: the web treats it as a result). */
  async serialAvailable(auth: Auth, serialNo: string): Promise<{ serialNo: string; available: true }> {
    scopeTenantIds(auth);
    if (await this.devices.serialTaken(serialNo, null)) throw conflict('serialNo', `a device with serial number ${serialNo} is already registered`);
    return { serialNo, available: true };
  }

  /** Mounts a device on a station from now, closing its previous mount (a swap keeps both in the history). */
  async mount(auth: Auth, entityId: number, deviceId: number): Promise<DeviceDetail> {
    const { row, user } = await this.writable(auth, deviceId);
    if (row.deleted_date !== null) throw badRequest('deviceId', `device ${deviceId} was removed from service`);
    await this.mountableStation(auth, row.tenant_id, entityId, 'entityId');
    const tokens = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      const locked = await devices.lock(row.tenant_id, deviceId);
      if (locked?.entity_id === String(entityId)) return [];
      await devices.mount(row.tenant_id, deviceId, entityId, user.userId);
      const tokens = await devices.tokens(row.tenant_id, deviceId);
      await devices.announceTokens(tokens);
      await audit(trx, user, row.tenant_id, deviceId, 'device.mount', { entityId: locked?.entity_id ?? null }, { entityId });
      return tokens;
    });
    this.forgetTokens(tokens);
    await this.events.emit('station.mounted', { tenantId: row.tenant_id });
    return this.get(auth, deviceId, true);
  }

  /** Unmounts a device from the station it is on (409 when it is on another or none). */
  async unmount(auth: Auth, entityId: number, deviceId: number): Promise<DeviceDetail> {
    const { row, user } = await this.writable(auth, deviceId);
    await this.station(auth, entityId);
    const tokens = await this.db.transaction().execute(async (trx) => {
      const devices = this.devices.in(trx);
      const locked = await devices.lock(row.tenant_id, deviceId);
      if (locked?.entity_id !== String(entityId)) throw conflict('deviceId', `device ${deviceId} is not mounted on station ${entityId}`);
      await devices.closeMount(row.tenant_id, deviceId, user.userId);
      await devices.setEntity(row.tenant_id, deviceId, null);
      const tokens = await devices.tokens(row.tenant_id, deviceId);
      await devices.announceTokens(tokens);
      await audit(trx, user, row.tenant_id, deviceId, 'device.unmount', { entityId }, { entityId: null });
      return tokens;
    });
    this.forgetTokens(tokens);
    return this.get(auth, deviceId, true);
  }

  /** The devices in service mounted on a station now. */
  async attached(auth: Auth, entityId: number): Promise<DeviceSummary[]> {
    const tenantId = await this.station(auth, entityId);
    const now = Date.now();
    const { rows } = await this.devices.list([tenantId], { entityId, deleted: false, page: 0, size: 1000 }, now);
    return rows.map((r) => toSummary(r, now));
  }

  /** The latest reading of a station and its mounted devices. */
  async lastDataDate(auth: Auth, entityId: number): Promise<{ entityId: number; lastDataAt: string | null }> {
    const tenantId = await this.station(auth, entityId);
    const at = await this.devices.lastDataAt(tenantId, entityId);
    return { entityId, lastDataAt: at?.toISOString() ?? null };
  }

  /**
   * Per day of Asia/Kolkata, the share of its minute_15 slots in which the device reported. Slots
   * that overlap a calibration or maintenance window are counted apart (`calibration`) and left out
   * of both the slots with data and the slots due: what an analyser sends while it is calibrated is
   * not process data (REGULATORY.md), and a slot it could not measure the process in is no failure.
   */
  async availability(auth: Auth, id: number, request: AvailabilityRequest): Promise<AvailabilityDay[]> {
    const row = await this.readable(auth, id);
    const from = startOfDay(request.startDate, AVAILABILITY_ZONE);
    const to = startOfDay(addDays(request.endDate, 1), AVAILABILITY_ZONE);
    if (to <= from) throw badRequest('endDate', 'must not be before startDate');
    if (to - from > 366 * DAY_MS) throw badRequest('endDate', 'at most 366 days after startDate');
    const now = Date.now();
    const [withData, windows] = await Promise.all([
      this.devices.dataSlots(row.tenant_id, id, new Date(from), new Date(Math.min(to, now))),
      this.windows.covering(row.tenant_id, [{ deviceId: String(id), entityId: row.entity_id }], new Date(from), new Date(to)),
    ]);
    const reported = new Set(withData);
    const suppressed = (slot: number) =>
      windows.some((w) => w.startsAt.getTime() < slot + SLOT_MS && (w.endsAt === null || w.endsAt.getTime() > slot));
    const days: AvailabilityDay[] = [];
    for (let start = from, end = from; start < to; start = end) {
      end = addCalendar(start, 1, 'day', AVAILABILITY_ZONE);
      const date = dayOf(start, AVAILABILITY_ZONE);
      // The day's 96 slots (92 or 100 where clocks change that day), up to now.
      const due = Math.max(0, Math.min((end - start) / SLOT_MS, Math.ceil((now - start) / SLOT_MS)));
      let slots = 0;
      let calibration = 0;
      for (let i = 0; i < due; i++) {
        const slot = start + i * SLOT_MS;
        if (suppressed(slot)) calibration++;
        else if (reported.has(slot)) slots++;
      }
      const expected = due - calibration;
      days.push({ date, slots, expected, calibration, percentage: expected === 0 ? null : Math.round((10_000 * slots) / expected) / 100 });
    }
    return days;
  }

  /** Chart readings of the device's parameters: a range (at most 7 days) or the 15-minute slot of an instant. */
  async paramData(auth: Auth, id: number, request: ParamDataRequest): Promise<ParamData[]> {
    const row = await this.readable(auth, id);
    const { from, to } = readingWindow(request);
    const params = (await this.devices.params(row.tenant_id, id)).filter((p) => p.deleted_date === null);
    const named = request.params && new Set(request.params);
    const unknown = request.params?.findIndex((n) => !params.some((p) => p.name === n)) ?? -1;
    if (unknown >= 0) throw badRequest(`params.${unknown}`, `device ${id} has no parameter ${request.params![unknown]}`);
    const chosen = params.filter((p) => (!named || named.has(p.name)) && matchesType(p.name, request.type ?? 'all'));
    return this.readParams(row.tenant_id, id, chosen, from, to);
  }

  /**
   * A spectral analyser's Modbus readings by type and wavelength (its `device_<type>_<nm>nm`
   * parameters, @enviro/domain/spectral), over a range or the 15-minute slot of an instant.
   */
  async modbusReadings(auth: Auth, id: number, query: ModbusQuery): Promise<ModbusReadings> {
    const row = await this.readable(auth, id);
    const { from, to } = readingWindow(query);
    const spectrum = (await this.devices.params(row.tenant_id, id)).flatMap((p) => {
      const s = p.deleted_date === null ? parseSpectralParam(p.name) : null;
      return s ? [{ ...s, param: p }] : [];
    });
    const spectral = spectrum.filter((s) => (query.type === undefined || s.type === query.type) && (query.wavelength === undefined || s.wavelength === query.wavelength));
    // A type or wavelength the device does not report is a wrong question, not an empty answer.
    if (spectral.length === 0 && (query.type !== undefined || query.wavelength !== undefined)) throw notReported(id, spectrum, query);
    const data = await this.readParams(row.tenant_id, id, spectral.map((s) => s.param), from, to);
    const types = [...new Set(spectral.map((s) => s.type))].sort();
    return types.map((type) => {
      const of = spectral.map((s, i) => ({ ...s, data: data[i]! })).filter((s) => s.type === type).sort((a, b) => a.wavelength - b.wavelength);
      return {
        type,
        label: SPECTRAL_TYPES[type].label,
        unit: of[0]!.data.unit,
        wavelengths: of.map((s) => ({ wavelength: s.wavelength, name: s.param.name, data: s.data.data })),
      };
    });
  }

  /**
   * Readings of these parameters of the device in [from, to), a list each in the order given; 400
   * when the window holds more than MAX_READING_VALUES values of them.
   */
  private async readParams(tenantId: number, id: number, params: readonly FleetParamRow[], from: number, to: number): Promise<ParamData[]> {
    if (params.length === 0) return [];
    const limit = Math.floor(MAX_READING_VALUES / params.length);
    const readings = await this.devices.readings(tenantId, id, new Date(from), new Date(to), limit + 1);
    if (readings.length > limit) {
      throw badRequest('endTime', `more than ${limit} readings of ${params.length} parameters in this range (at most ${MAX_READING_VALUES} values an answer): ask a shorter range or fewer parameters`);
    }
    return params.map((p) => ({
      name: p.name,
      label: p.label,
      unit: p.unit ?? p.std_unit,
      diagnostic: p.name.startsWith(DIAGNOSTIC_PREFIX),
      data: readings.flatMap((r) => {
        const value = r.vals[p.slot - 1];
        return value === null || value === undefined ? [] : [{ time: r.ts.toISOString(), value }];
      }),
    }));
  }

  /** The device's parameters of a kind: diagnostic ('device_'), process, or all. */
  async diagnosticParams(auth: Auth, id: number, type: 'diagnostic' | 'process' | 'all'): Promise<DeviceParamDetail[]> {
    const row = await this.readable(auth, id);
    const params = await this.devices.params(row.tenant_id, id);
    return params.filter((p) => p.deleted_date === null && matchesType(p.name, type)).map(toParamDetail);
  }

  /**
   * The device a CSV import writes to, when the caller may change it (the telemetry module's
   * import route): its tenant, and the user to audit the import under.
   */
  async importTarget(auth: Auth, id: number): Promise<{ tenantId: number; user: UserAuth }> {
    const { row, user } = await this.writable(auth, id);
    if (row.deleted_date !== null) throw badRequest('id', `device ${id} was removed from service`);
    return { tenantId: row.tenant_id, user };
  }

  /** A device the caller reads: 404 for another tenant's or one on a station hidden from them. */
  private async readable(auth: Auth, id: number): Promise<FleetDeviceRow> {
    const row = await this.devices.find(scopeTenantIds(auth), id);
    if (!row) throw deviceNotFound(id);
    // A user limited to some stations of their tenant reads its devices on those only (in stock: none).
    const restriction = await this.entities.restriction(auth);
    if (restriction?.tenantId === row.tenant_id && (row.entity_id === null || !restriction.visible.has(row.entity_id))) throw deviceNotFound(id);
    return row;
  }

  /** A device the caller may change: 404 as readable, then 403 for a reader. */
  private async writable(auth: Auth, id: number): Promise<{ row: FleetDeviceRow; user: UserAuth }> {
    const row = await this.readable(auth, id);
    return { row, user: assertMayChangeFleet(auth, row.tenant_id) };
  }

  /** A station the caller reads (any status): its tenant; 404 otherwise. */
  private async station(auth: Auth, entityId: number): Promise<number> {
    for (const tenantId of scopeTenantIds(auth)) {
      const ids = await this.entities.subtreeIds(auth, tenantId, entityId).catch(() => null);
      if (ids) return tenantId;
    }
    throw nodeNotFound(entityId);
  }

  /** An ENABLED station (not a group or facility) of the tenant the caller sees, for a device to be mounted on; 400 naming `field`. */
  private async mountableStation(auth: Auth, tenantId: number, entityId: number, field: string): Promise<void> {
    const station = await this.devices.stationExists(tenantId, entityId);
    const visible = station && (await this.entities.subtreeIds(auth, tenantId, entityId).then(() => true, () => false));
    if (!station || !visible) throw badRequest(field, `no station ${entityId} in this industry`);
    if (station.type === 'group' || station.type === 'facility') throw badRequest(field, `${station.name} is a ${station.type}; mount devices on a station`);
  }

  /** Checks parameters (known, once each, unit convertible), model and serial number; the parameters to write. */
  private async checkDevice(body: ParsedUpdateBody, deviceId: number | null): Promise<ParamWrite[]> {
    const names = body.params.map((p) => p.name);
    const twice = names.findIndex((n, i) => names.indexOf(n) !== i);
    if (twice >= 0) throw badRequest(`params.${twice}.name`, `parameter ${names[twice]} given twice`);
    // A spectral analyser's wavelengths get their catalogue entries as it first names them.
    await this.spectral.ensure(names);
    const ids = await this.devices.stdParamIds(names);
    const unknown = names.findIndex((n) => !ids.has(n));
    if (unknown >= 0) throw badRequest(`params.${unknown}.name`, `unknown parameter ${names[unknown]}; see /api/allMetaStdParams`);
    const units = await this.devices.stdUnits([...ids.values()]);
    body.params.forEach((p, i) => {
      const std = units.get(ids.get(p.name)!) ?? '';
      if (p.unit !== undefined && unitConversion(p.name, p.unit, std) === undefined) {
        throw badRequest(`params.${i}.unit`, `${p.unit} does not convert to ${std === '' ? 'the unitless' : std} ${p.name}`);
      }
    });
    if (body.modelId != null && !(await this.devices.modelExists(body.modelId))) throw badRequest('modelId', `no model ${body.modelId}; see /api/makes`);
    if (body.serialNo != null && (await this.devices.serialTaken(body.serialNo, deviceId))) {
      throw conflict('serialNo', `a device with serial number ${body.serialNo} is already registered`);
    }
    return body.params.map((p) => ({ stdParamId: ids.get(p.name)!, unit: p.unit ?? null, min: p.min ?? null, max: p.max ?? null }));
  }

  /** Inside the write's transaction: 409 when another live device took the serial number meanwhile. */
  private async claimSerial(devices: DeviceRepository, serialNo: string | null | undefined, deviceId: number | null): Promise<void> {
    if (serialNo == null) return;
    await devices.lockSerial(serialNo);
    if (await devices.serialTaken(serialNo, deviceId)) throw conflict('serialNo', `a device with serial number ${serialNo} is already registered`);
  }
}

/** [from, to) of a chart request: its range (at most 7 days), or the 15-minute slot of its instant. */
function readingWindow(request: { startTime?: string | undefined; endTime?: string | undefined; time?: string | undefined }): { from: number; to: number } {
  if (request.startTime !== undefined && request.endTime !== undefined) {
    const [from, to] = [Date.parse(request.startTime), Date.parse(request.endTime)];
    if (to <= from) throw badRequest('endTime', 'must be after startTime');
    if (to - from > 7 * DAY_MS) throw badRequest('endTime', 'at most 7 days after startTime');
    return { from, to };
  }
  if (request.startTime !== undefined || request.endTime !== undefined) {
    throw badRequest(request.startTime === undefined ? 'startTime' : 'endTime', 'give startTime and endTime together');
  }
  // Checked here, after the device was found, so that another tenant's id answers 404 whatever the query.
  if (request.time === undefined) return { from: Date.now() - DAY_MS, to: Date.now() };
  const from = Math.floor(Date.parse(request.time) / SLOT_MS) * SLOT_MS;
  return { from, to: from + SLOT_MS };
}

/** 400 naming what the device does not report: the type, or the wavelength (of the type), with what it does. */
function notReported(id: number, spectrum: readonly { type: SpectralType; wavelength: number }[], query: ModbusQuery) {
  const types = [...new Set(spectrum.map((s) => s.type))].sort();
  if (query.type !== undefined && !types.includes(query.type)) {
    return badRequest('type', `device ${id} reports ${types.length === 0 ? 'no spectrum' : `no ${query.type}; it reports ${types.join(', ')}`}`);
  }
  const wavelengths = [...new Set(spectrum.filter((s) => query.type === undefined || s.type === query.type).map((s) => s.wavelength))].sort((a, b) => a - b);
  const of = query.type === undefined ? '' : ` ${query.type}`;
  return badRequest('wavelength', `device ${id} reports${of} ${wavelengths.length === 0 ? 'no spectrum' : `at ${wavelengths.join(', ')} nm, not at ${query.wavelength} nm`}`);
}

function matchesType(name: string, type: 'diagnostic' | 'process' | 'all'): boolean {
  if (type === 'all') return true;
  return name.startsWith(DIAGNOSTIC_PREFIX) === (type === 'diagnostic');
}

function newToken(): string {
  return randomBytes(15).toString('base64url');
}

function writeOf(body: ParsedUpdateBody) {
  return { name: body.name, modelId: body.modelId ?? null, serialNo: body.serialNo ?? null, sensorId: body.sensorId ?? null, tags: body.tags };
}

function toSummary(r: FleetDeviceRow, now: number): DeviceSummary {
  return {
    id: Number(r.id),
    displayId: deviceDisplayId(r.id),
    tenantId: r.tenant_id,
    name: r.name,
    make: r.make,
    model: r.model,
    modelId: r.model_id,
    serialNo: r.serial_no,
    sensorId: r.sensor_id,
    entityId: r.entity_id === null ? null : Number(r.entity_id),
    entityName: r.entity_name,
    entityType: r.entity_type,
    lastDataAt: r.last_data_at?.toISOString() ?? null,
    liveStatus: liveStatus(r.last_data_at?.getTime(), now),
    paramCount: r.param_count,
    deletedDate: r.deleted_date?.toISOString() ?? null,
  };
}

function toParamDetail(p: FleetParamRow): DeviceParamDetail {
  const unit = p.unit ?? p.std_unit;
  return {
    slot: p.slot,
    name: p.name,
    label: p.label,
    unit,
    stdUnit: p.std_unit,
    conversion: unitConversion(p.name, unit, p.std_unit) ?? null,
    min: p.min,
    max: p.max,
    diagnostic: p.name.startsWith(DIAGNOSTIC_PREFIX),
    deletedDate: p.deleted_date?.toISOString() ?? null,
  };
}

function toMount(m: MountRow): DeviceMount {
  return {
    deviceId: Number(m.device_id),
    entityId: Number(m.entity_id),
    entityName: m.entity_name,
    mountedAt: m.mounted_at?.toISOString() ?? null,
    unmountedAt: m.unmounted_at?.toISOString() ?? null,
  };
}

function audit(trx: Db, user: UserAuth, tenantId: number, deviceId: number, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity: `device:${deviceId}`, before, after });
}

export type { DeviceBody, UpdateDeviceBody };
