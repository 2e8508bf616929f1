// The devices feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { mayCalibrate } from './components/calibration-labels';
export { CalibrationView } from './components/calibration-view';
export { DeviceDetailView } from './components/device-detail';
export { DeviceDiagnosticsView } from './components/device-diagnostics';
export { DevicesView } from './components/devices-view';
export { mayChangeFleet, mayChangeMakes } from './components/fleet-access';
