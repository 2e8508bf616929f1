import type { BudgetInput, BudgetStatus, EnergyCost, EnergyFacilities, EnergyMeter, EnergyMeterInput, EnergyMetrics, EnergyMetricsFilter, LocatedDevices, NodeEmissions, NodeMetrics, ProductionInput, SecAnswer } from '@enviro/contracts/energy';
import { BudgetInput as BudgetSchema, EnergyMeterInput as MeterSchema, ProductionInput as ProductionSchema, type TariffVersionFields } from '@enviro/contracts/energy';
import { timeRangeAnswer } from '@enviro/contracts/time';
import { budgetStatus, financialYearOf, monthsOf, parseFinancialYear, thresholdsToRaise, type FinancialYear } from '@enviro/domain/energy/budget';
import { emissionsSummary, factorFor, factorTableProblems, type GridFactor } from '@enviro/domain/energy/emissions';
import { meterLayoutProblems, metersOfNodes, nodeEnergy, subtreeOf, type NodeMeters, type PlacedMeter } from '@enviro/domain/energy/facility-tree';
import { adjustedSavings, fitBaseline, predict, sec } from '@enviro/domain/energy/sec';
import { monthBill, newVersionProblem, tariffProblems, type CostLine, type TariffVersion } from '@enviro/domain/energy/tariff';
import { addCalendar, addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { assertCanWrite, assertMayChangeFleet, assertSiteAdmin, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RaisedAlertService } from '../alerts/raised-alerts.service.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { ReportFile } from '../reports/report-table.ts';
import { writeForm1 } from './form1-file.ts';
import { EnergyRepository, type BudgetRow, type MeterRow, type NodeRow, type TariffRow } from './energy.repository.ts';
import { readMeterEnergy, type MeterEnergy, type ReadInterval } from './meter-energy.ts';

const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;
/** Station types that may be energy meters (SPEC 3: Energy Meter, meter, inverter). */
export const METER_TYPES = ['Energy Meter', 'meter', 'inverter'] as const;
/** Longest range of a metrics request, in days, by interval. */
const MAX_DAYS = { hour_1: 62, day_1: 400, month_1: 1100 } as const;

/** Daily energy of a set of meters over a range: bucket starts and energy per meter station. */
interface Energies {
  buckets: number[];
  byMeter: Map<number, MeterEnergy>;
}

/**
 * Energy (issue 31, docs/ENERGY.md): meters located in the facility tree, consumption of its nodes
 * without double counting, dated ToD tariffs and month bills, budgets with alerts at 50/75/100 %,
 * production and SEC with an ISO 50006 baseline, Scope 2 emissions and offsets. Readings come from
 * the data module's trends (`readMeterEnergy`); the rules are `@enviro/domain/energy/*`.
 */
export class EnergyService {
  private readonly repo: EnergyRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly trends: TrendService,
    private readonly alerts: RaisedAlertService,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new EnergyRepository(db);
  }

  // ------------------------------------------------------------------ facilities and meters

  async facilities(auth: Auth, tenantId: number | undefined): Promise<EnergyFacilities> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    const meters = await this.visibleMeters(auth, await this.repo.meters(tenantIds));
    const out: EnergyFacilities = [];
    for (const t of [...new Set(meters.map((m) => m.tenant_id))]) {
      const nodes = await this.repo.nodes(t);
      const tree = nodes.map(toTreeNode);
      for (const f of nodes.filter((n) => n.type === 'facility')) {
        const scope = subtreeOf(tree, Number(f.id));
        const inside = meters.filter((m) => m.tenant_id === t && scope.has(Number(m.node_id)));
        if (inside.length === 0) continue;
        const count = (role: string) => inside.filter((m) => m.role === role).length;
        out.push({ id: Number(f.id), tenantId: t, name: f.name, meters: inside.length, mains: count('MAIN'), subs: count('SUB'), generation: count('GENERATION') });
      }
    }
    return out;
  }

  /** A facility's tree, every node listed (SPEC 6: the energy app lists every node), with the meters located at each. */
  async locatedDevices(auth: Auth, facilityId: number): Promise<LocatedDevices> {
    scopeTenantIds(auth);
    const facility = await this.node(auth, facilityId, 'id');
    const nodes = await this.repo.nodes(facility.tenant_id);
    const meters = await this.visibleMeters(auth, await this.repo.meters([facility.tenant_id]));
    const children = new Map<string, NodeRow[]>();
    for (const n of nodes) if (n.parent_id !== null) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n]);
    const out: LocatedDevices['nodes'] = [];
    const walk = (n: NodeRow, depth: number) => {
      out.push({ id: Number(n.id), parentId: n.parent_id === null ? null : Number(n.parent_id), name: n.name, type: n.type, depth, meters: meters.filter((m) => m.node_id === n.id).map(toMeter) });
      for (const c of children.get(n.id) ?? []) walk(c, depth + 1);
    };
    walk(facility, 0);
    return { facilityId, name: facility.name, nodes: out };
  }

  /** The current meter of a station (GET /api/entities/{id}/energy-meter). */
  async meterOf(auth: Auth, entityId: number): Promise<EnergyMeter> {
    scopeTenantIds(auth);
    const station = await this.node(auth, entityId, 'id');
    const meter = await this.repo.currentMeterOf(station.tenant_id, entityId);
    if (!meter) throw notFound(`No energy meter at entity id= ${entityId}`);
    return toMeter(meter);
  }

  /** Every meter, current and past, located in or standing under a node (GET /api/entities/{id}/all-energy-meter). */
  async allMeters(auth: Auth, entityId: number): Promise<EnergyMeter[]> {
    scopeTenantIds(auth);
    const root = await this.node(auth, entityId, 'id');
    const scope = subtreeOf((await this.repo.nodes(root.tenant_id)).map(toTreeNode), entityId);
    const meters = await this.visibleMeters(auth, await this.repo.meters([root.tenant_id], { all: true }));
    return meters.filter((m) => scope.has(Number(m.node_id)) || scope.has(Number(m.entity_id))).map(toMeter);
  }

  /** Makes a station an energy meter, or replaces its current meter (POST /api/entities/{id}/energy-meter). */
  async createMeter(auth: Auth, entityId: number, input: EnergyMeterInput): Promise<EnergyMeter> {
    assertCanWrite(auth);
    const station = await this.node(auth, entityId, 'id');
    const user = assertMayChangeFleet(auth, station.tenant_id);
    const c = MeterSchema.parse(input);
    const tenantId = station.tenant_id;
    if (!(METER_TYPES as readonly string[]).includes(station.type)) throw badRequest('id', `${station.name} is a ${station.type} station; only ${METER_TYPES.join(', ')} stations are energy meters`);
    const nodeId = c.nodeId ?? (station.parent_id === null ? undefined : Number(station.parent_id));
    if (nodeId === undefined) throw badRequest('nodeId', `${station.name} has no parent: say which node of the tree it is located at`);
    const node = await this.repo.node([tenantId], nodeId);
    if (!node) throw notFound(`No node with id= ${nodeId} exists`);
    if (c.role === 'SUB' && c.mainEntityId === undefined) throw badRequest('mainEntityId', 'a sub-meter names the station of the meter it is under');
    if (c.role !== 'SUB' && c.mainEntityId !== undefined) throw badRequest('mainEntityId', 'only a sub-meter is under another meter');
    if (c.role === 'GENERATION' && c.source !== 'SOLAR' && c.source !== 'DG') throw badRequest('source', 'a generation meter measures SOLAR or DG');
    if (c.role !== 'GENERATION' && (c.source === 'SOLAR' || c.source === 'DG')) throw badRequest('source', 'solar and DG are generation meters (role GENERATION)');
    const source = c.source ?? (c.role === 'MAIN' ? 'GRID' : null);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.in(trx);
      const current = await repo.currentMeterOf(tenantId, entityId, true);
      if (current && !c.replace) throw conflict('replace', `${station.name} is already an energy meter (since ${dayOf(current.valid_from.getTime(), ZONE)}); replace it instead`);
      const meters = (await repo.meters([tenantId])).filter((m) => m.entity_id !== String(entityId));
      if (c.mainEntityId !== undefined) {
        const main = meters.find((m) => Number(m.entity_id) === c.mainEntityId);
        if (!main) throw badRequest('mainEntityId', `entity ${c.mainEntityId} is no current energy meter of this industry`);
        if (main.role === 'GENERATION') throw badRequest('mainEntityId', `${main.entity_name} is a generation meter; a sub-meter is under a main meter or another sub-meter`);
      }
      const placed: PlacedMeter[] = [...meters.map(toPlaced), { meterId: entityId, nodeId, role: c.role, mainMeterId: c.mainEntityId ?? null }];
      const problem = meterLayoutProblems(placed, (await repo.nodes(tenantId)).map(toTreeNode)).find((p) => p.meterId === entityId || p.field === 'mainMeterId');
      if (problem) throw badRequest(problem.field === 'mainMeterId' ? 'mainEntityId' : problem.field, problem.message);
      const at = new Date(this.now());
      // The old meter ends where the new one starts (one current meter a station).
      if (current) await repo.endMeter(tenantId, current.id, at, 'REPLACED', null);
      const newId = await repo.insertMeter({ tenantId, entityId, nodeId, role: c.role, source, mainEntityId: c.mainEntityId ?? null, ratedKw: c.ratedKw, multiplier: c.multiplier, rolloverAt: c.rolloverAt ?? null, validFrom: at, createdBy: user.userId });
      if (current) await repo.endMeter(tenantId, current.id, at, 'REPLACED', newId);
      return newId;
    });
    return toMeter((await this.repo.meter([tenantId], Number(id)))!);
  }

  /** Ends a meter (DELETE /api/energy/energy-meter/{id}); its row stays as history. */
  async deleteMeter(auth: Auth, meterId: number): Promise<EnergyMeter> {
    assertCanWrite(auth);
    const found = await this.repo.meter(auth.tenantIds, meterId);
    if (!found || !(await this.visibleMeters(auth, [found])).length) throw notFound(`No energy meter with id= ${meterId} exists`);
    assertMayChangeFleet(auth, found.tenant_id);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.in(trx);
      const m = (await repo.meter([found.tenant_id], meterId, true))!;
      if (m.valid_to !== null) throw conflict('id', `meter ${meterId} was already ${m.end_reason === 'REPLACED' ? 'replaced' : 'deleted'}`);
      const under = (await repo.meters([m.tenant_id])).filter((x) => x.main_entity_id === m.entity_id);
      if (under.length) throw conflict('id', `sub-meters ${under.map((x) => x.entity_name).join(', ')} are under it: delete or move them first`);
      await repo.endMeter(m.tenant_id, m.id, new Date(this.now()), 'DELETED', null);
    });
    return toMeter((await this.repo.meter([found.tenant_id], meterId))!);
  }

  // ------------------------------------------------------------------ consumption

  /** Consumption of nodes by hour, day or month (GET /api/energy/metrics). */
  async metrics(auth: Auth, q: EnergyMetricsFilter): Promise<EnergyMetrics> {
    scopeTenantIds(auth);
    const today = dayOf(this.now(), ZONE);
    const startDay = q.startDate ?? `${today.slice(0, 7)}-01`;
    const endDay = q.endDate ?? today;
    if (endDay < startDay) throw badRequest('endDate', 'the range ends before it starts');
    const days = (startOfDay(endDay, ZONE) - startOfDay(startDay, ZONE)) / DAY_MS + 1;
    if (days > MAX_DAYS[q.interval]) throw badRequest('endDate', `a range of at most ${MAX_DAYS[q.interval]} days at ${q.interval}`);
    const from = startOfDay(startDay, ZONE);
    const to = startOfDay(addDays(endDay, 1), ZONE);
    const nodes = await Promise.all(q.nodeIds.map((id) => this.node(auth, id, 'nodeIds')));
    const out: NodeMetrics[] = [];
    for (const tenantId of [...new Set(nodes.map((n) => n.tenant_id))]) {
      const mine = nodes.filter((n) => n.tenant_id === tenantId);
      const { sets, meters } = await this.nodeMeters(auth, tenantId, mine.map((n) => Number(n.id)), { considerDescendants: q.considerDescendants, excluseEnergyMeters: q.excluseEnergyMeters }, new Date(from), new Date(to));
      const needed = meters.filter((m) => sets.some((s) => s.inScope.includes(Number(m.entity_id))));
      const read: ReadInterval = q.interval === 'hour_1' ? 'hour_1' : 'day_1';
      const energies = await this.energies(auth, needed, from, to, read);
      const buckets = q.interval === 'month_1' ? monthStarts(from, to) : energies.buckets;
      const bucketOf = q.interval === 'month_1' ? (t: number) => monthIndex(buckets, t) : (t: number) => energies.buckets.indexOf(t);
      const series = new Map<number, (number | null)[]>();
      for (const [entityId, e] of energies.byMeter) {
        const arr: (number | null)[] = buckets.map(() => null);
        for (const i of e.byBucket.values()) {
          const k = bucketOf(i.t);
          if (k >= 0) arr[k] = (arr[k] ?? 0) + i.kwh;
        }
        series.set(entityId, arr);
      }
      for (const set of sets) {
        const n = mine.find((x) => Number(x.id) === set.nodeId)!;
        const e = nodeEnergy(set, (id) => series.get(id), buckets.length);
        const counted = new Set(set.counted);
        let estimated = 0;
        for (const id of counted) for (const i of energies.byMeter.get(id)?.byBucket.values() ?? []) if (i.flag === 'gap') estimated += i.kwh;
        out.push({
          nodeId: set.nodeId,
          nodeName: n.name,
          unit: 'kWh',
          counted: set.counted,
          excluded: set.inScope.filter((id) => !counted.has(id)),
          data: buckets.map((time, i) => ({ time, value: e.consumption[i] ?? null })),
          unmetered: e.unmetered && buckets.map((time, i) => ({ time, value: e.unmetered![i] ?? null })),
          total: e.consumption.reduce<number>((s, v) => s + (v ?? 0), 0),
          estimatedKwh: estimated,
          events: set.inScope.flatMap((id) => (energies.byMeter.get(id)?.events ?? []).map((x) => ({ entityId: id, time: x.t, kind: x.kind as 'reset' | 'rollover' | 'capped' | 'backstep', previous: x.previous, register: x.register, bookedKwh: x.bookedKwh }))),
        });
      }
    }
    const order = new Map(q.nodeIds.map((id, i) => [id, i]));
    out.sort((a, b) => order.get(a.nodeId)! - order.get(b.nodeId)!);
    return { range: timeRangeAnswer({ from, to, zone: ZONE, raw: { from: startDay, to: endDay } }), interval: q.interval, nodes: out };
  }

  // ------------------------------------------------------------------ tariffs and cost

  async tariffs(auth: Auth, entityId: number) {
    scopeTenantIds(auth);
    const station = await this.node(auth, entityId, 'entityId');
    return toVersions(await this.repo.tariffs(station.tenant_id, [String(entityId)]));
  }

  /** A new dated version of a connection's tariff (POST /api/energy/tariffs). */
  async addTariff(auth: Auth, input: TariffVersionFields) {
    assertCanWrite(auth);
    const station = await this.node(auth, input.entityId, 'entityId');
    const user = assertMayChangeFleet(auth, station.tenant_id);
    const version: TariffVersion = { validFrom: input.validFrom, windows: input.windows, fixedChargePerMonth: input.fixedChargePerMonth, dutyPercent: input.dutyPercent };
    const problem = tariffProblems(version)[0];
    if (problem) throw badRequest(problem.field, problem.message);
    const meter = await this.repo.currentMeterOf(station.tenant_id, input.entityId);
    if (!meter || meter.role !== 'MAIN') throw badRequest('entityId', `${station.name} is not a main meter; a tariff belongs to a connection, the station of its main meter`);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.in(trx);
      await repo.lockTariffs(station.tenant_id, input.entityId);
      const existing = await repo.tariffs(station.tenant_id, [String(input.entityId)]);
      const order = newVersionProblem(existing.map((t) => t.valid_from), input.validFrom, dayOf(this.now(), ZONE));
      if (order) throw badRequest(order.field, order.message);
      await repo.insertTariff(station.tenant_id, { entityId: input.entityId, validFrom: input.validFrom, windows: input.windows, fixedCharge: version.fixedChargePerMonth, dutyPercent: version.dutyPercent, orderRef: input.orderRef, createdBy: user.userId });
    });
    return this.tariffs(auth, input.entityId);
  }

  /** The bill of a node's month: each counted meter costed at its connection's tariff versions (GET /api/energy/cost). */
  async cost(auth: Auth, nodeId: number, month: string): Promise<EnergyCost> {
    scopeTenantIds(auth);
    const node = await this.node(auth, nodeId, 'nodeId');
    const from = startOfDay(`${month}-01`, ZONE);
    const to = addCalendar(from, 1, 'month', ZONE);
    if (Number.isNaN(from)) throw badRequest('month', 'not a month');
    const { sets, meters } = await this.nodeMeters(auth, node.tenant_id, [nodeId], {}, new Date(from), new Date(to));
    const set = sets[0]!;
    const current = latestByEntity(meters);
    const costed = set.counted.map((id) => current.get(id)!).filter((m) => m.role !== 'GENERATION');
    const connectionOf = (m: MeterRow): string => {
      let x = m;
      for (let hops = 0; x.role === 'SUB' && x.main_entity_id !== null && hops < 100; hops++) x = current.get(Number(x.main_entity_id)) ?? x;
      return x.entity_id;
    };
    const connections = [...new Set(costed.map(connectionOf))];
    const tariffRows = await this.repo.tariffs(node.tenant_id, connections);
    const energies = await this.energies(auth, meters.filter((m) => costed.some((c) => c.entity_id === m.entity_id)), from, to, 'hour_1');
    const total: EnergyCost = { nodeId, month, kwh: 0, energyCharge: 0, fixedCharge: 0, duty: 0, total: 0, byKind: [], byDay: [], byShift: [], versions: [], uncostedKwh: 0 };
    const kinds = new Map<string, CostLine>();
    const days = new Map<string, CostLine>();
    const shifts = new Map<string, CostLine>();
    for (const m of costed) {
      const connection = connectionOf(m);
      const versions = tariffRows.filter((t) => t.entity_id === connection).map((t) => ({ validFrom: t.valid_from, windows: t.windows, fixedChargePerMonth: m.role === 'MAIN' ? t.fixed_charge : 0, dutyPercent: t.duty_percent }));
      const hours = [...(energies.byMeter.get(Number(m.entity_id))?.byBucket.values() ?? [])].map((i) => ({ t: i.t, kwh: i.kwh }));
      const bill = monthBill(month, hours, versions, ZONE);
      total.kwh += bill.kwh;
      total.energyCharge += bill.energyCharge;
      total.fixedCharge += bill.fixedCharge;
      total.duty += bill.duty;
      total.total += bill.total;
      total.uncostedKwh += bill.uncostedKwh;
      for (const [k, line] of Object.entries(bill.byKind)) addLine(kinds, k, line);
      for (const [k, line] of bill.byDay) addLine(days, k, line);
      for (const [k, line] of bill.byShift) addLine(shifts, k, line);
      if (m.role === 'MAIN') for (const v of bill.versions) total.versions.push({ entityId: Number(connection), ...v });
    }
    total.byKind = lines(kinds);
    total.byDay = lines(days);
    total.byShift = lines(shifts);
    return total;
  }

  // ------------------------------------------------------------------ budgets

  /** Sets a node's budget for a month or a financial year (PUT /api/energy/budgets). */
  async setBudget(auth: Auth, input: BudgetInput): Promise<BudgetStatus> {
    assertCanWrite(auth);
    const b = BudgetSchema.parse(input);
    const node = await this.node(auth, b.nodeId, 'nodeId');
    assertMayChangeFleet(auth, node.tenant_id);
    const start = periodStart(b.period, b.periodKey);
    await this.repo.upsertBudget(node.tenant_id, { nodeId: b.nodeId, period: b.period, start, budgetKwh: b.budgetKwh });
    const [status] = (await this.entityBudget(auth, { entityIds: [b.nodeId], period: b.period, durationRefDate: start })).filter((s) => s.start === start);
    return status!;
  }

  /** Budgets of nodes for the month and financial year holding a day, with use and forecast (POST /api/data/entityBudget). */
  async entityBudget(auth: Auth, req: { entityIds: number[]; period?: 'MONTH' | 'FY' | undefined; durationRefDate?: string | undefined }): Promise<BudgetStatus[]> {
    scopeTenantIds(auth);
    const nodes = await Promise.all(req.entityIds.map((id) => this.node(auth, id, 'entityIds')));
    const day = req.durationRefDate ?? dayOf(this.now(), ZONE);
    const starts = [
      ...(req.period === 'FY' ? [] : [{ period: 'MONTH' as const, start: `${day.slice(0, 7)}-01` }]),
      ...(req.period === 'MONTH' ? [] : [{ period: 'FY' as const, start: financialYearOf(day).start }]),
    ];
    const rows = await this.repo.budgets([...new Set(nodes.map((n) => n.tenant_id))], nodes.map((n) => Number(n.id)), starts);
    return this.budgetStatuses(auth, rows);
  }

  private async budgetStatuses(auth: Auth, rows: readonly BudgetRow[]): Promise<BudgetStatus[]> {
    const out: BudgetStatus[] = [];
    const now = this.now();
    for (const tenantId of [...new Set(rows.map((r) => r.tenant_id))]) {
      const mine = rows.filter((r) => r.tenant_id === tenantId);
      const periods = mine.map((r) => ({ r, ...periodRange(r.period, r.period_start) }));
      const from = Math.min(...periods.map((p) => p.from));
      const to = Math.min(Math.max(...periods.map((p) => p.to)), startOfDay(addDays(dayOf(now, ZONE), 1), ZONE));
      const nodeIds = [...new Set(mine.map((r) => Number(r.node_id)))];
      const { sets, meters } = await this.nodeMeters(auth, tenantId, nodeIds, {}, new Date(from), new Date(Math.max(to, from + 1)));
      const energies = to > from ? await this.energies(auth, meters, from, to, 'day_1') : { buckets: [], byMeter: new Map() };
      for (const p of periods) {
        const set = sets.find((s) => s.nodeId === Number(p.r.node_id))!;
        let used = 0;
        for (const id of set.counted) for (const i of energies.byMeter.get(id)?.byBucket.values() ?? []) if (i.t >= p.from && i.t < p.to) used += i.kwh;
        const s = budgetStatus({ budgetKwh: p.r.budget_kwh, usedKwh: used, start: p.from, end: p.to, now });
        out.push({
          id: Number(p.r.id),
          nodeId: Number(p.r.node_id),
          nodeName: p.r.node_name,
          period: p.r.period,
          periodKey: p.key,
          start: p.r.period_start,
          end: addDays(dayOf(p.to, ZONE), -1),
          budgetKwh: p.r.budget_kwh,
          usedKwh: used,
          usedPercent: s.usedPercent,
          forecastKwh: s.forecastKwh,
          forecastPercent: s.forecastPercent,
          raised: p.r.raised,
        });
      }
    }
    return out;
  }

  /**
   * The budget worker's pass: for every budget of the current month and financial year, the
   * thresholds (50, 75, 100 %) its node's energy reached and that were not raised yet are raised,
   * once each, through the alerts module (a rule ENERGY_BUDGET on the node, escalation and mails as
   * for any alert). Reads as the tenant's own read-only caller, as report jobs do.
   */
  async checkBudgets(): Promise<{ raised: number }> {
    const today = dayOf(this.now(), ZONE);
    const starts = [
      { period: 'MONTH' as const, start: `${today.slice(0, 7)}-01` },
      { period: 'FY' as const, start: financialYearOf(today).start },
    ];
    let raised = 0;
    for (const tenantId of await this.repo.tenantsWithBudgets(starts)) {
      const auth: Auth = { kind: 'apiKey', tenantId, tenantIds: [tenantId] };
      const rows = await this.repo.budgets([tenantId], null, starts);
      const statuses = await this.budgetStatuses(auth, rows);
      const devices = await this.repo.registerDevices(tenantId, (await this.repo.meters([tenantId])).map((m) => m.entity_id));
      for (const s of statuses) {
        const due = thresholdsToRaise({ reached: [50, 75, 100].filter((t) => s.usedPercent >= t) as (50 | 75 | 100)[] }, s.raised);
        if (due.length === 0) continue;
        const { sets } = await this.nodeMeters(auth, tenantId, [s.nodeId], {}, new Date(startOfDay(s.start, ZONE)), new Date(this.now() + 1));
        const deviceId = sets[0]!.counted.map((id) => devices.get(String(id))).find((d) => d !== undefined);
        if (deviceId === undefined) continue;
        for (const threshold of due) {
          if (!(await this.repo.claimThreshold(tenantId, String(s.id), threshold, s.usedKwh))) continue;
          const what = s.period === 'MONTH' ? `the budget of ${monthWords(s.periodKey)}` : `the budget of FY ${s.periodKey}`;
          try {
            const alertId = await this.alerts.raise({
              tenantId,
              condition: 'ENERGY_BUDGET',
              entityId: s.nodeId,
              about: { deviceId: Number(deviceId), key: threshold },
              ruleName: `Energy budget of ${s.nodeName}`,
              message: `${s.nodeName} used ${Math.round(s.usedPercent)} % of ${what} (${kwhWords(s.usedKwh)} of ${kwhWords(s.budgetKwh)}); forecast ${Math.round(s.forecastPercent)} % by ${s.end}`,
              peak: s.usedKwh,
              limitMax: (s.budgetKwh * threshold) / 100,
            });
            await this.repo.setThresholdAlert(tenantId, String(s.id), threshold, alertId);
            raised += 1;
          } catch (error) {
            await this.repo.unclaimThreshold(tenantId, String(s.id), threshold);
            throw error;
          }
        }
      }
    }
    return { raised };
  }

  // ------------------------------------------------------------------ production and SEC

  /** A node's daily production, all days stored or none (PUT /api/energy/production). */
  async putProduction(auth: Auth, input: ProductionInput): Promise<{ nodeId: number; days: number }> {
    assertCanWrite(auth);
    const p = ProductionSchema.parse(input);
    const node = await this.node(auth, p.nodeId, 'nodeId');
    assertMayChangeFleet(auth, node.tenant_id);
    const today = dayOf(this.now(), ZONE);
    const seen = new Set<string>();
    p.days.forEach((d, i) => {
      if (d.day > today) throw badRequest(`days[${i}].day`, `${d.day} is in the future`);
      if (seen.has(d.day)) throw badRequest(`days[${i}].day`, `${d.day} is given twice`);
      seen.add(d.day);
    });
    await this.repo.upsertProduction(node.tenant_id, p.nodeId, p.unit, p.days.map((d) => ({ day: d.day, quantity: d.quantity, temperature: d.temperature ?? null })));
    return { nodeId: p.nodeId, days: p.days.length };
  }

  /** SEC by day and an ISO 50006 baseline with R² and adjusted savings (GET /api/energy/sec). */
  async sec(auth: Auth, q: { nodeId: number; startDate?: string | undefined; endDate?: string | undefined; baselineStart?: string | undefined; baselineEnd?: string | undefined; withTemperature: boolean }): Promise<SecAnswer> {
    scopeTenantIds(auth);
    const node = await this.node(auth, q.nodeId, 'nodeId');
    const today = dayOf(this.now(), ZONE);
    const start = q.startDate ?? `${today.slice(0, 7)}-01`;
    const end = q.endDate ?? today;
    if (end < start) throw badRequest('endDate', 'the range ends before it starts');
    const bEnd = q.baselineEnd ?? addDays(start, -1);
    const bStart = q.baselineStart ?? addDays(bEnd, -89);
    if (bEnd < bStart) throw badRequest('baselineEnd', 'the baseline ends before it starts');
    const first = bStart < start ? bStart : start;
    const last = bEnd > end ? bEnd : end;
    if ((startOfDay(last, ZONE) - startOfDay(first, ZONE)) / DAY_MS > 800) throw badRequest('baselineStart', 'the baseline and the reporting range span at most 800 days');
    const from = startOfDay(first, ZONE);
    const to = startOfDay(addDays(last, 1), ZONE);
    const { sets, meters } = await this.nodeMeters(auth, node.tenant_id, [q.nodeId], {}, new Date(from), new Date(to));
    const energies = await this.energies(auth, meters.filter((m) => sets[0]!.counted.includes(Number(m.entity_id))), from, to, 'day_1');
    const kwhOf = new Map<string, number>();
    for (const id of sets[0]!.counted) for (const i of energies.byMeter.get(id)?.byBucket.values() ?? []) kwhOf.set(dayOf(i.t, ZONE), (kwhOf.get(dayOf(i.t, ZONE)) ?? 0) + i.kwh);
    const production = new Map((await this.repo.production(node.tenant_id, q.nodeId, first, last)).map((p) => [p.day, p]));
    const obs = (from: string, to: string) => {
      const rows: { day: string; y: number; x: number[] }[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) {
        const p = production.get(d);
        const y = kwhOf.get(d);
        if (!p || y === undefined || p.quantity <= 0 || (q.withTemperature && p.temperature === null)) continue;
        rows.push({ day: d, y, x: q.withTemperature ? [p.quantity, p.temperature!] : [p.quantity] });
      }
      return rows;
    };
    const model = fitBaseline(obs(bStart, bEnd));
    const reporting = obs(start, end);
    const days: SecAnswer['days'] = [];
    let kwh = 0;
    let output = 0;
    for (let d = start; d <= end; d = addDays(d, 1)) {
      const e = kwhOf.get(d) ?? null;
      const p = production.get(d) ?? null;
      if (e !== null && p) {
        kwh += e;
        output += p.quantity;
      }
      const x = p && (!q.withTemperature || p.temperature !== null) ? (q.withTemperature ? [p.quantity, p.temperature!] : [p.quantity]) : null;
      days.push({ day: d, kwh: e, production: p?.quantity ?? null, sec: e !== null && p ? sec(e, p.quantity) : null, expectedKwh: model && x ? predict(model, x) : null });
    }
    return {
      nodeId: q.nodeId,
      unit: [...production.values()].at(-1)?.unit ?? null,
      days,
      baseline: model ? { ...model, start: bStart, end: bEnd } : null,
      savings: model && reporting.length ? adjustedSavings(model, reporting) : null,
      sec: sec(kwh, output),
    };
  }

  // ------------------------------------------------------------------ emissions

  async gridFactors(): Promise<GridFactor[]> {
    return (await this.repo.gridFactors()).map((f) => ({ fy: f.fy, tco2PerMwh: f.tco2_per_mwh, source: f.source }));
  }

  /** Replaces the CEA factor table (site administrators); it must hold the current financial year. */
  async putGridFactors(auth: Auth, factors: readonly { fy: string; tco2PerMwh: number; source?: string | undefined }[]): Promise<GridFactor[]> {
    assertSiteAdmin(auth);
    const table = factors.map((f) => ({ fy: f.fy, tco2PerMwh: f.tco2PerMwh, source: f.source ?? '' }));
    const problem = factorTableProblems(table, dayOf(this.now(), ZONE))[0];
    if (problem) throw badRequest(problem.field, problem.message);
    await this.db.transaction().execute((trx) => this.repo.in(trx).replaceGridFactors(table));
    return this.gridFactors();
  }

  async addOffset(auth: Auth, o: { nodeId: number; kind: 'OWN_SOLAR' | 'REC' | 'GREEN_TARIFF'; day: string; mwh: number; reference?: string | undefined }) {
    assertCanWrite(auth);
    const node = await this.node(auth, o.nodeId, 'nodeId');
    assertMayChangeFleet(auth, node.tenant_id);
    if (o.day > dayOf(this.now(), ZONE)) throw badRequest('day', `${o.day} is in the future`);
    const row = await this.repo.insertOffset(node.tenant_id, { ...o, reference: o.reference ?? '' });
    return { id: Number(row.id), nodeId: Number(row.node_id), kind: row.kind, day: row.day, mwh: row.mwh, reference: row.reference };
  }

  /** Scope 2 emissions and offsets of nodes for a financial year (POST /api/data/emissionoffsetData). */
  async emissions(auth: Auth, req: { entityIds: number[]; fy?: string | undefined }): Promise<NodeEmissions[]> {
    scopeTenantIds(auth);
    const today = dayOf(this.now(), ZONE);
    const fy: FinancialYear | undefined = req.fy === undefined ? financialYearOf(today) : parseFinancialYear(req.fy);
    if (!fy) throw badRequest('fy', `'${req.fy}' is not a financial year such as 2026-27`);
    const nodes = await Promise.all(req.entityIds.map((id) => this.node(auth, id, 'entityIds')));
    const factor = factorFor(await this.gridFactors(), fy.start);
    const from = startOfDay(fy.start, ZONE);
    const to = Math.min(startOfDay(addDays(fy.end, 1), ZONE), startOfDay(addDays(today, 1), ZONE));
    const out: NodeEmissions[] = [];
    for (const tenantId of [...new Set(nodes.map((n) => n.tenant_id))]) {
      const mine = nodes.filter((n) => n.tenant_id === tenantId);
      const { sets, meters } = await this.nodeMeters(auth, tenantId, mine.map((n) => Number(n.id)), {}, new Date(from), new Date(Math.max(to, from + 1)));
      const current = latestByEntity(meters);
      const energies = to > from ? await this.energies(auth, meters.filter((m) => m.role !== 'SUB'), from, to, 'day_1') : { buckets: [], byMeter: new Map<number, MeterEnergy>() };
      const offsets = await this.repo.offsets(tenantId, mine.map((n) => Number(n.id)), fy.start, fy.end);
      for (const set of sets) {
        const months = new Map(monthsOf(fy).map((m) => [m, 0]));
        let grid = 0;
        let solar = 0;
        let dg = 0;
        for (const id of set.supply) {
          const m = current.get(id)!;
          for (const i of energies.byMeter.get(id)?.byBucket.values() ?? []) {
            if (m.source === 'SOLAR') solar += i.kwh;
            else if (m.source === 'DG') dg += i.kwh;
            else {
              grid += i.kwh;
              const month = dayOf(i.t, ZONE).slice(0, 7);
              months.set(month, (months.get(month) ?? 0) + i.kwh);
            }
          }
        }
        const mineOffsets = offsets.filter((o) => Number(o.node_id) === set.nodeId);
        const summary = factor ? emissionsSummary(grid, mineOffsets, factor) : null;
        out.push({
          nodeId: set.nodeId,
          nodeName: mine.find((n) => Number(n.id) === set.nodeId)!.name,
          fy: fy.label,
          gridKwh: grid,
          solarKwh: solar,
          dgKwh: dg,
          factor: factor?.tco2PerMwh ?? null,
          factorFy: factor?.fy ?? null,
          grossTco2: summary?.grossTco2 ?? null,
          offsets: mineOffsets.map((o) => ({ id: Number(o.id), nodeId: Number(o.node_id), kind: o.kind, day: o.day, mwh: o.mwh, reference: o.reference })),
          offsetTco2: summary?.offsetTco2 ?? null,
          netTco2: summary?.netTco2 ?? null,
          months: [...months].map(([month, kwh]) => ({ month, gridKwh: kwh, tco2: factor ? (kwh / 1000) * factor.tco2PerMwh : null })),
        });
      }
    }
    return out;
  }

  /** A node's financial year in the shape of BEE's Form 1, as a CSV, XLS or PDF file (POST /api/energy/form1). */
  async form1(auth: Auth, req: { nodeId: number; fy?: string | undefined; format: 'CSV' | 'XLS' | 'PDF' }): Promise<ReportFile> {
    const [e] = await this.emissions(auth, { entityIds: [req.nodeId], ...(req.fy ? { fy: req.fy } : {}) });
    const node = await this.node(auth, req.nodeId, 'nodeId');
    const fy = parseFinancialYear(e!.fy)!;
    // One unit of output a year: the latest entered (a node that changed its unit reports that one's days).
    const days = await this.repo.production(node.tenant_id, req.nodeId, fy.start, fy.end);
    const unit = days.at(-1)?.unit;
    const production = unit === undefined ? null : { unit, quantity: days.filter((d) => d.unit === unit).reduce((s, d) => s + d.quantity, 0) };
    return writeForm1({ unitName: node.name, fy: e!.fy, gridKwh: e!.gridKwh, solarKwh: e!.solarKwh, dgKwh: e!.dgKwh, factor: e!.factor, grossTco2: e!.grossTco2, offsetTco2: e!.offsetTco2, netTco2: e!.netTco2, production }, req.format, this.now(), ZONE);
  }

  // ------------------------------------------------------------------ helpers

  /** A node of a tenant the caller reads (404 otherwise, naming the id). */
  private async node(auth: Auth, id: number, field: string): Promise<NodeRow> {
    const row = await this.repo.node(auth.tenantIds, id);
    const restriction = row ? await this.entities.restriction(auth) : null;
    if (!row || (restriction && restriction.tenantId === row.tenant_id && !restriction.visible.has(row.id))) {
      throw field === 'id' ? notFound(`No Node with id= ${id} exists`) : notFound(`${field}: No Node with id= ${id} exists`);
    }
    return row;
  }

  /** Meters a station-restricted user may see: those whose station they see. */
  private async visibleMeters(auth: Auth, meters: MeterRow[]): Promise<MeterRow[]> {
    const restriction = await this.entities.restriction(auth);
    if (!restriction) return meters;
    return meters.filter((m) => m.tenant_id !== restriction.tenantId || restriction.visible.has(m.entity_id));
  }

  /** The meters of nodes of one tenant valid at some time in [from, to), and which of them count for each node. */
  private async nodeMeters(auth: Auth, tenantId: number, nodeIds: readonly number[], options: { considerDescendants?: boolean; excluseEnergyMeters?: boolean }, from: Date, to: Date): Promise<{ sets: NodeMeters[]; meters: MeterRow[] }> {
    const meters = await this.visibleMeters(auth, await this.repo.meters([tenantId], { from, to }));
    const placed = [...latestByEntity(meters).values()].map(toPlaced);
    const tree = (await this.repo.nodes(tenantId)).map(toTreeNode);
    return { sets: metersOfNodes(tree, placed, nodeIds, options), meters };
  }

  private async energies(auth: Auth, meters: readonly MeterRow[], from: number, to: number, interval: ReadInterval): Promise<Energies> {
    const step = interval === 'hour_1' ? 3_600_000 : DAY_MS;
    const buckets: number[] = [];
    for (let t = from; t < to; t += step) buckets.push(t);
    return { buckets, byMeter: await readMeterEnergy(this.trends, auth, meters, from, to, interval) };
  }
}

const toTreeNode = (n: NodeRow) => ({ id: Number(n.id), parentId: n.parent_id === null ? null : Number(n.parent_id) });

/** A station's latest meter record among those given (its place and role in the tree). */
function latestByEntity(meters: readonly MeterRow[]): Map<number, MeterRow> {
  const out = new Map<number, MeterRow>();
  for (const m of meters) {
    const prev = out.get(Number(m.entity_id));
    if (!prev || prev.valid_from < m.valid_from) out.set(Number(m.entity_id), m);
  }
  return out;
}

const toPlaced = (m: MeterRow): PlacedMeter => ({ meterId: Number(m.entity_id), nodeId: Number(m.node_id), role: m.role, mainMeterId: m.main_entity_id === null ? null : Number(m.main_entity_id) });

export function toMeter(m: MeterRow): EnergyMeter {
  return {
    id: Number(m.id),
    tenantId: m.tenant_id,
    entityId: Number(m.entity_id),
    entityName: m.entity_name,
    entityType: m.entity_type,
    nodeId: Number(m.node_id),
    nodeName: m.node_name,
    role: m.role,
    source: m.source,
    mainEntityId: m.main_entity_id === null ? null : Number(m.main_entity_id),
    ratedKw: m.rated_kw,
    multiplier: m.multiplier,
    rolloverAt: m.rollover_at,
    validFrom: m.valid_from.toISOString(),
    validTo: m.valid_to?.toISOString() ?? null,
    endReason: m.end_reason,
    replacedBy: m.replaced_by === null ? null : Number(m.replaced_by),
  };
}

function toVersions(rows: readonly TariffRow[]) {
  return rows.map((r, i) => {
    const next = rows[i + 1];
    return {
      id: Number(r.id),
      entityId: Number(r.entity_id),
      validFrom: r.valid_from,
      validTo: next && next.entity_id === r.entity_id ? addDays(next.valid_from, -1) : null,
      windows: r.windows,
      fixedChargePerMonth: r.fixed_charge,
      dutyPercent: r.duty_percent,
      orderRef: r.order_ref,
    };
  });
}

function periodStart(period: 'MONTH' | 'FY', key: string): string {
  if (period === 'MONTH') {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(key)) throw badRequest('periodKey', "a month 'YYYY-MM'");
    return `${key}-01`;
  }
  const fy = parseFinancialYear(key);
  if (!fy) throw badRequest('periodKey', "a financial year such as '2026-27'");
  return fy.start;
}

function periodRange(period: 'MONTH' | 'FY', start: string): { from: number; to: number; key: string } {
  const from = startOfDay(start, ZONE);
  if (period === 'MONTH') return { from, to: addCalendar(from, 1, 'month', ZONE), key: start.slice(0, 7) };
  const fy = financialYearOf(start);
  return { from, to: startOfDay(addDays(fy.end, 1), ZONE), key: fy.label };
}

function monthStarts(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = startOfDay(`${dayOf(from, ZONE).slice(0, 7)}-01`, ZONE); t < to; t = addCalendar(t, 1, 'month', ZONE)) out.push(t);
  return out;
}

function monthIndex(starts: readonly number[], t: number): number {
  for (let i = starts.length - 1; i >= 0; i--) if (t >= starts[i]!) return i;
  return -1;
}

function addLine(m: Map<string, CostLine>, key: string, line: CostLine) {
  const x = m.get(key) ?? { kwh: 0, cost: 0 };
  m.set(key, { kwh: x.kwh + line.kwh, cost: x.cost + line.cost });
}

const lines = (m: Map<string, CostLine>) => [...m].sort(([a], [b]) => a.localeCompare(b)).map(([key, l]) => ({ key, kwh: l.kwh, cost: l.cost }));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthWords = (key: string) => `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
const kwhWords = (kwh: number) => `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(kwh)} kWh`;
