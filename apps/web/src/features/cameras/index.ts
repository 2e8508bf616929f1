// The cameras feature's public face: what the routes (and the alert page) may use.
export { AlertSnapshots } from './components/alert-snapshots';
export { CameraView } from './components/camera-view';
export { CamerasUptime } from './components/cameras-uptime';
export { CameraWallView } from './components/camera-wall-view';
export { CamerasView } from './components/cameras-view';
