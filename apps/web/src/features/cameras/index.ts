// The cameras feature's public face: what the routes (and the alert page) may use.
export { AlertSnapshots } from './components/alert-snapshots';
export { CameraView } from './components/camera-view';
export { CameraWallView } from './components/camera-wall-view';
export { CamerasView } from './components/cameras-view';
