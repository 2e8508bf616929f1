/**
 * Devices: the analysers mounted on stations, their makes and models, parameters, limits and access
 * tokens, which station each served when (mount history), diagnostics and availability.
 * SPEC 3 (Device, Device param), 7 (Devices and calibration; Tenants: device/make/model CRUD).
 *
 * Calibration (SPEC 7 "Devices and calibration", REGULATORY calibration protocol) lives in this
 * module too but in its own files: when `calibration.routes.ts` exports `calibrationRoutes`, it is
 * registered below beside `deviceRoutes` (the calibration helper adds its one `register` line here).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deviceRoutes } from './devices.routes.ts';
import { calibrationRoutes } from './calibration.routes.ts';

export const devicesModule = fp(
  async function devices(app: FastifyInstance) {
    await app.register(deviceRoutes);
    await app.register(calibrationRoutes);
  },
  { name: 'devices', dependencies: ['database', 'auth', 'entities', 'telemetry'] },
);
