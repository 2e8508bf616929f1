import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { AvailabilityList, AvailabilityRequest, CatalogIdParams, CreatedId, DeviceBody, DeviceDetail, DeviceIdParams, DeviceListQuery, DeviceMakeList, DevicePage, DeviceParamDetail, DeviceQuery, DeviceSummary, DeviceToken, DiagnosticQuery,  LastDataDate, MakeBody, ModelBody, MountParams, ParamDataList, ParamDataRequest, SerialAvailability, SerialNoParams, UpdateDeviceBody } from '@enviro/contracts/devices';
import { ModbusQuery, ModbusReadings } from '@enviro/contracts/devices/modbus';
import { EntityIdParams } from '@enviro/contracts/entities';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevicesModule } from './devices.module.ts';
import { FLEET_WRITE, TENANT_READ } from '../../platform/access/route-access.ts';

const TAGS = ['devices'];
const WRITE_RESPONSES = { ...ERROR_RESPONSES, 409: ApiError };

/** Devices, their mounts and diagnostics, and the makes and models catalogue (SPEC 7 Devices and calibration; Tenants). */
export const deviceRoutes: FastifyPluginAsyncZod<DevicesModule> = async (app, { fleet: devices, makes }) => {
  app.get(
    '/api/devices',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "The fleet: the caller's devices matching search and status, one page", querystring: DeviceListQuery, response: { 200: DevicePage, ...ERROR_RESPONSES } },
    },
    async (request) => devices.list(request.auth, request.query),
  );

  app.get(
    '/api/devices/available',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Devices in service not mounted on any station (in stock), one page', querystring: DeviceListQuery, response: { 200: DevicePage, ...ERROR_RESPONSES } },
    },
    async (request) => devices.list(request.auth, request.query, { unmounted: true }),
  );

  app.post(
    '/api/devices',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Register a device with its parameters, units and limits, mounted when entityId is given; answers its access token. 409 for a serial number taken; audited',
        body: DeviceBody,
        response: { 201: DeviceDetail, ...WRITE_RESPONSES },
      },
    },
    async (request, reply) => reply.code(201).send(await devices.create(request.auth, request.body)),
  );

  app.get(
    '/api/devices/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'One device; params=true adds its parameters and mount history', params: DeviceIdParams, querystring: DeviceQuery, response: { 200: DeviceDetail, ...ERROR_RESPONSES } },
    },
    async (request) => devices.get(request.auth, request.params.id, request.query.params),
  );

  app.put(
    '/api/devices/:id',
    {
      config: { access: FLEET_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Replace a device and its parameters (slots kept by name, left-out parameters removed); audited',
        params: DeviceIdParams,
        body: UpdateDeviceBody,
        response: { 200: DeviceDetail, ...WRITE_RESPONSES },
      },
    },
    async (request) => devices.update(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/devices/:id',
    {
      config: { access: FLEET_WRITE },
      schema: { tags: TAGS, summary: 'Remove a device from service (deletedDate; unmounted; its tokens stop at once); audited', params: DeviceIdParams, response: { 200: DeviceDetail, ...WRITE_RESPONSES } },
    },
    async (request) => devices.remove(request.auth, request.params.id),
  );

  app.post(
    '/api/devices/:id/token',
    {
      config: { access: FLEET_WRITE },
      schema: { tags: TAGS, summary: 'A new access token; the old one stops working at once on every server; audited', params: DeviceIdParams, response: { 200: DeviceToken, ...WRITE_RESPONSES } },
    },
    async (request) => devices.rotateToken(request.auth, request.params.id),
  );

  app.get(
    '/api/devices/:id/diagnosticParams',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "A device's diagnostic (device_) parameters, or its process ones, or all (?type)", params: DeviceIdParams, querystring: DiagnosticQuery, response: { 200: z.array(DeviceParamDetail), ...ERROR_RESPONSES } },
    },
    async (request) => devices.diagnosticParams(request.auth, request.params.id, request.query.type),
  );

  app.post(
    '/api/devices/:id/param/data',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: "Chart readings of a device's parameters: startTime and endTime (at most 7 days), or the 15-minute slot of time", params: DeviceIdParams, body: ParamDataRequest, response: { 200: ParamDataList, ...ERROR_RESPONSES } },
    },
    async (request) => devices.paramData(request.auth, request.params.id, request.body),
  );

  app.get(
    '/api/devices/:id/modbus',
    {
      config: { access: TENANT_READ },
      schema: {
        tags: TAGS,
        summary: "A spectral analyser's Modbus readings by type and wavelength (its device_<type>_<nm>nm parameters): startTime and endTime (at most 7 days), or the 15-minute slot of time",
        params: DeviceIdParams,
        querystring: ModbusQuery,
        response: { 200: ModbusReadings, ...ERROR_RESPONSES },
      },
    },
    async (request) => devices.modbusReadings(request.auth, request.params.id, request.query),
  );

  app.post(
    '/api/devices/:id/availability',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Per day (Asia/Kolkata), the share of minute_15 slots in which the device reported', params: DeviceIdParams, body: AvailabilityRequest, response: { 200: AvailabilityList, ...ERROR_RESPONSES } },
    },
    async (request) => devices.availability(request.auth, request.params.id, request.body),
  );

  app.get(
    '/api/deviceAvialableAtIoeye/:serialNo',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'Whether a serial number can be registered: 200, or 409 when a device has it (a result, SPEC 8)', params: SerialNoParams, response: { 200: SerialAvailability, ...WRITE_RESPONSES } },
    },
    async (request) => devices.serialAvailable(request.auth, request.params.serialNo),
  );

  app.post(
    '/api/entity/:entityId/mount/device/:deviceId',
    {
      config: { access: FLEET_WRITE },
      schema: { tags: TAGS, summary: 'Mount a device on a station from now, closing its previous mount (kept in its history); audited', params: MountParams, response: { 200: DeviceDetail, ...WRITE_RESPONSES } },
    },
    async (request) => devices.mount(request.auth, request.params.entityId, request.params.deviceId),
  );

  app.post(
    '/api/entity/:entityId/unmount/device/:deviceId',
    {
      config: { access: FLEET_WRITE },
      schema: { tags: TAGS, summary: 'Unmount a device from the station (409 when not mounted there); audited', params: MountParams, response: { 200: DeviceDetail, ...WRITE_RESPONSES } },
    },
    async (request) => devices.unmount(request.auth, request.params.entityId, request.params.deviceId),
  );

  app.get(
    '/api/entity/:id/attachedDevices',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'The devices in service mounted on a station', params: EntityIdParams, response: { 200: z.array(DeviceSummary), ...ERROR_RESPONSES } },
    },
    async (request) => devices.attached(request.auth, request.params.id),
  );

  app.get(
    '/api/getLastDataDate/:id',
    {
      config: { access: TENANT_READ },
      schema: { tags: TAGS, summary: 'The latest reading of a station and its mounted devices', params: EntityIdParams, response: { 200: LastDataDate, ...ERROR_RESPONSES } },
    },
    async (request) => devices.lastDataDate(request.auth, request.params.id),
  );

  app.get(
    '/api/makes',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Device makes with their models', response: { 200: DeviceMakeList, ...ERROR_RESPONSES } } },
    async (request) => makes.list(request.auth),
  );

  app.post(
    '/api/makes',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Add a make (site administrators and operations); audited', body: MakeBody, response: { 201: CreatedId, ...WRITE_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await makes.createMake(request.auth, request.body.name)),
  );

  app.put(
    '/api/makes/:id',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Rename a make; audited', params: CatalogIdParams, body: MakeBody, response: { 200: CreatedId, ...WRITE_RESPONSES } } },
    async (request) => makes.renameMake(request.auth, request.params.id, request.body.name),
  );

  app.delete(
    '/api/makes/:id',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Delete a make and its models (409 while devices use them); audited', params: CatalogIdParams, response: { 200: CreatedId, ...WRITE_RESPONSES } } },
    async (request) => makes.deleteMake(request.auth, request.params.id),
  );

  app.post(
    '/api/models',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Add a model to a make; audited', body: ModelBody, response: { 201: CreatedId, ...WRITE_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await makes.createModel(request.auth, request.body.makeId, request.body.name)),
  );

  app.put(
    '/api/models/:id',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Rename a model or move it to another make; audited', params: CatalogIdParams, body: ModelBody, response: { 200: CreatedId, ...WRITE_RESPONSES } } },
    async (request) => makes.updateModel(request.auth, request.params.id, request.body.makeId, request.body.name),
  );

  app.delete(
    '/api/models/:id',
    { config: { access: 'siteFleet' }, schema: { tags: TAGS, summary: 'Delete a model (409 while devices use it); audited', params: CatalogIdParams, response: { 200: CreatedId, ...WRITE_RESPONSES } } },
    async (request) => makes.deleteModel(request.auth, request.params.id),
  );
};
