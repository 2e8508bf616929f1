import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { CreateUser } from '@enviro/contracts/accounts';
import { TenantStatus, TenantType } from '@enviro/contracts/common';
import { CreateDevice } from '@enviro/contracts/devices';
import { CreateEntity } from '@enviro/contracts/entities';
import { CreateTenant } from '@enviro/contracts/tenants';
import { z } from 'zod';
import type { DatabaseHandle } from '../platform/database/database.ts';
import { TenantDirectoryRepository } from '../modules/tenants/tenant-directory.repository.ts';
import { UserAccountService } from '../modules/users/user-accounts.service.ts';
import { findImportDevice, importReadingsCsv } from '../modules/telemetry/csv-import.service.ts';
import { OperatorProvisioning } from '../operator-provisioning.ts';
import { defined, InputError, jsonFlag, numeric, pairs, text, UsageError, validate, type FlagOptions, type FlagValues } from './cli-input.ts';

/** Work a command does once its input has been checked; it then needs the database. */
export type Run = (database: DatabaseHandle) => Promise<unknown>;

export interface AdminCommand {
  summary: string;
  /** The flag lines of its usage text. */
  flags: string;
  options: FlagOptions;
  /** Checks the flags against the contracts before any database is opened. */
  prepare(values: FlagValues): Promise<Run>;
}

/** The --tenant a command names must exist (in any status). */
async function assertTenant(provisioning: OperatorProvisioning, tenantId: number): Promise<void> {
  if (!(await provisioning.tenantExists(tenantId))) throw new InputError('tenantId (--tenant)', `no tenant ${tenantId}`);
}

const JSON_FLAG = { json: { type: 'string' } } as const;
const many = { type: 'string', multiple: true } as const;
const one = { type: 'string' } as const;

const createTenant: AdminCommand = {
  summary: 'create a tenant (industry, statutory body, ...)',
  flags: `--name TEXT [--type tenant|statutory|...] [--status ENABLED|TRIAL|...] [--category TEXT]
    [--state TEXT] [--city TEXT] [--corporate-id N] [--monitored-units N] [--statutory-id N]...
    [--json '{"name": ...}']`,
  options: {
    ...JSON_FLAG,
    name: one,
    type: one,
    status: one,
    category: one,
    state: one,
    city: one,
    'corporate-id': one,
    'monitored-units': one,
    'statutory-id': many,
  },
  async prepare(v) {
    const input = validate(
      CreateTenant,
      {
        ...jsonFlag(v.json),
        ...defined({
          name: text(v, 'name'),
          type: text(v, 'type'),
          status: text(v, 'status'),
          industryCategory: text(v, 'category'),
          state: text(v, 'state'),
          city: text(v, 'city'),
          corporateId: text(v, 'corporate-id'),
          monitoredUnits: numeric(text(v, 'monitored-units')),
          statutoryIds: v['statutory-id'],
        }),
      },
      { name: 'name', type: 'type', status: 'status', industryCategory: 'category', state: 'state', city: 'city',
        corporateId: 'corporate-id', monitoredUnits: 'monitored-units', statutoryIds: 'statutory-id' },
    );
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      for (const id of input.statutoryIds) {
        if (!(await provisioning.tenantExists(id, ['statutory', 'cgwa']))) {
          throw new InputError('statutoryIds (--statutory-id)', `no statutory or cgwa tenant ${id}`);
        }
      }
      return provisioning.createTenant(input);
    };
  },
};

const createEntity: AdminCommand = {
  summary: 'create a group, facility or station in a tenant',
  flags: `--tenant N --type eqms|cems|caaqms|facility|... --name TEXT [--parent N]
    [--property 'Capacity=250']... [--json '{"tenantId": ...}']`,
  options: { ...JSON_FLAG, tenant: one, parent: one, type: one, name: one, property: many },
  async prepare(v) {
    const input = validate(
      CreateEntity,
      {
        ...jsonFlag(v.json),
        ...defined({
          tenantId: text(v, 'tenant'),
          parentId: text(v, 'parent'),
          type: text(v, 'type'),
          name: text(v, 'name'),
          properties: pairs(v, 'property')?.map(([name, value]) => ({ name, value })),
        }),
      },
      { tenantId: 'tenant', parentId: 'parent', type: 'type', name: 'name', properties: 'property' },
    );
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      await assertTenant(provisioning, input.tenantId);
      return provisioning.createEntity(input);
    };
  },
};

/** `pm,unit=mg/Nm3,min=0,max=50`: a parameter name, then optional unit and limits. */
function paramFlag(item: string): Record<string, unknown> {
  const [name, ...options] = item.split(',').map((s) => s.trim());
  const param: Record<string, unknown> = { name };
  for (const option of options) {
    const [key, value] = option.split('=', 2) as [string, string | undefined];
    if (value === undefined || !['unit', 'min', 'max'].includes(key)) {
      throw new InputError('params (--param)', `${JSON.stringify(option)} in ${JSON.stringify(item)}: expected unit=, min= or max=`);
    }
    param[key] = key === 'unit' ? value : numeric(value);
  }
  return param;
}

const createDevice: AdminCommand = {
  summary: 'create a device on a station, with parameters and limits; prints its access token',
  flags: `--tenant N --entity N --name TEXT --param 'pm,unit=mg/Nm3,min=0,max=50'... [--make TEXT]
    [--model TEXT] [--serial TEXT] [--sensor-id TEXT] [--tag key=value]... [--token TOKEN]
    [--json '{"tenantId": ..., "params": [{"name": "pm", "max": 50}]}']`,
  options: {
    ...JSON_FLAG,
    tenant: one,
    entity: one,
    name: one,
    make: one,
    model: one,
    serial: one,
    'sensor-id': one,
    token: one,
    tag: many,
    param: many,
  },
  async prepare(v) {
    const tags = pairs(v, 'tag');
    const params = v.param;
    const input = validate(
      CreateDevice,
      {
        ...jsonFlag(v.json),
        ...defined({
          tenantId: text(v, 'tenant'),
          entityId: text(v, 'entity'),
          name: text(v, 'name'),
          make: text(v, 'make'),
          model: text(v, 'model'),
          serialNo: text(v, 'serial'),
          sensorId: text(v, 'sensor-id'),
          accessToken: text(v, 'token'),
          tags: tags && Object.fromEntries(tags),
          params: Array.isArray(params) ? params.map(paramFlag) : undefined,
        }),
      },
      { tenantId: 'tenant', entityId: 'entity', name: 'name', make: 'make', model: 'model', serialNo: 'serial',
        sensorId: 'sensor-id', accessToken: 'token', tags: 'tag', params: 'param' },
    );
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      await assertTenant(provisioning, input.tenantId);
      if (input.accessToken !== undefined && (await provisioning.tokenTaken(input.accessToken))) {
        throw new InputError('accessToken (--token)', 'already used by another device');
      }
      const device = await provisioning.createDevice(input);
      return { tenantId: input.tenantId, entityId: input.entityId, ...device };
    };
  },
};

const createApiKey: AdminCommand = {
  summary: 'issue an API key for a tenant (shown once)',
  flags: '--tenant N [--name TEXT]',
  options: { tenant: one, name: one },
  async prepare(v) {
    const input = validate(
      z.object({ tenantId: z.coerce.number().int().positive(), name: z.string().trim().min(1).max(200) }),
      { tenantId: text(v, 'tenant'), name: text(v, 'name') ?? 'cli' },
      { tenantId: 'tenant', name: 'name' },
    );
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      await assertTenant(provisioning, input.tenantId);
      return { tenantId: input.tenantId, ...(await provisioning.createApiKey(input.tenantId, input.name)) };
    };
  },
};

const importCsv: AdminCommand = {
  summary: 'import historical readings of one device from CSV (ts,<param>,...)',
  flags: `(--device N | --token TOKEN) --file readings.csv
    ts is ISO 8601 with a time zone or epoch milliseconds; an empty cell is not reported.`,
  options: { device: one, token: one, file: one },
  async prepare(v) {
    const device = text(v, 'device');
    const token = text(v, 'token');
    const file = text(v, 'file');
    if ((device === undefined) === (token === undefined)) throw new UsageError('give exactly one of --device and --token');
    if (file === undefined) throw new UsageError('--file is required');
    await access(file).catch(() => {
      throw new InputError('file (--file)', `cannot read ${file}`);
    });
    const target = device !== undefined
      ? validate(z.object({ deviceId: z.coerce.number().int().positive() }), { deviceId: device }, { deviceId: 'device' })
      : { accessToken: token! };
    return async (database) => {
      const profile = await findImportDevice(database.db, target);
      return importReadingsCsv(database, profile, createReadStream(file));
    };
  },
};

const createUser: AdminCommand = {
  summary: "create a user of a tenant (its type must be the tenant's); prints the user's id",
  flags: `--tenant N --name TEXT --email EMAIL --type tenant|statutory|site|... --role user|admin|...
    [--password TEXT] [--phone TEXT] [--corporate-id N] [--json '{"tenantId": ...}']`,
  options: { ...JSON_FLAG, tenant: one, name: one, email: one, type: one, role: one, password: one, phone: one, 'corporate-id': one },
  async prepare(v) {
    const input = validate(
      CreateUser,
      {
        ...jsonFlag(v.json),
        ...defined({
          tenantId: text(v, 'tenant'),
          name: text(v, 'name'),
          userName: text(v, 'email'),
          userType: text(v, 'type'),
          role: text(v, 'role'),
          password: text(v, 'password'),
          phone: text(v, 'phone'),
          corporateId: text(v, 'corporate-id'),
        }),
      },
      { tenantId: 'tenant', name: 'name', userName: 'email', userType: 'type', role: 'role', password: 'password',
        phone: 'phone', corporateId: 'corporate-id' },
    );
    return ({ db }) => new UserAccountService(db, new TenantDirectoryRepository(db)).create({ name: 'cli', userId: null }, input);
  },
};

const listTenantsCommand: AdminCommand = {
  summary: 'list tenants',
  flags: '[--type tenant|statutory|...] [--status ENABLED|...]',
  options: { type: one, status: one },
  async prepare(v) {
    const filter = validate(
      z.object({ type: TenantType.optional(), status: TenantStatus.optional() }),
      { type: text(v, 'type'), status: text(v, 'status') },
      { type: 'type', status: 'status' },
    );
    return ({ db }) => OperatorProvisioning.over(db).listTenants(filter);
  },
};

const listDevicesCommand: AdminCommand = {
  summary: "list a tenant's devices with parameters and access tokens",
  flags: '--tenant N',
  options: { tenant: one },
  async prepare(v) {
    if (text(v, 'tenant') === undefined) throw new UsageError('--tenant is required');
    const { tenantId } = validate(z.object({ tenantId: z.coerce.number().int().positive() }), { tenantId: text(v, 'tenant') }, {
      tenantId: 'tenant',
    });
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      await assertTenant(provisioning, tenantId);
      return provisioning.listDevices(tenantId);
    };
  },
};

const watch: AdminCommand = {
  summary: "put industries on an investor's or quasi-regulator's watch list (its users then read them)",
  flags: `--watcher N --tenant N... [--remove]`,
  options: { watcher: one, tenant: many, remove: { type: 'boolean' } },
  async prepare(v) {
    const input = validate(
      z.object({ watcherId: z.coerce.number().int().positive(), tenantIds: z.array(z.coerce.number().int().positive()).min(1) }),
      { watcherId: text(v, 'watcher'), tenantIds: v.tenant },
      { watcherId: 'watcher', tenantIds: 'tenant' },
    );
    return async ({ db }) => {
      const provisioning = OperatorProvisioning.over(db);
      if (!(await provisioning.tenantExists(input.watcherId, ['investor', 'quasi_regulator']))) {
        throw new InputError('watcherId (--watcher)', `no investor or quasi-regulator tenant ${input.watcherId}`);
      }
      for (const id of input.tenantIds) {
        if (!(await provisioning.tenantExists(id, ['tenant']))) throw new InputError('tenantIds (--tenant)', `no industry ${id}`);
      }
      await provisioning.setWatched(input.watcherId, input.tenantIds, v.remove !== true);
      return { watcherId: input.watcherId, tenantIds: input.tenantIds, watched: v.remove !== true };
    };
  },
};

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'create-tenant': createTenant,
  'create-entity': createEntity,
  'create-device': createDevice,
  'create-api-key': createApiKey,
  'create-user': createUser,
  'import-csv': importCsv,
  'list-tenants': listTenantsCommand,
  'list-devices': listDevicesCommand,
  watch,
};
