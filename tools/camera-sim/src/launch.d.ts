import type { RecordedMove } from './onvif-sim.ts';
export type { RecordedMove } from './onvif-sim.ts';
export interface CameraSim {
    rtsp: Record<string, string>;
    onvif: Record<string, string>;
    /** The PTZ requests the ONVIF simulator received. */
    moves(): Promise<RecordedMove[]>;
    close(): Promise<void>;
}
/** A free TCP port on this machine (for the simulator's listeners). */
export declare function freePort(): Promise<number>;
/**
 * Starts tools/camera-sim in a child process (RTSP server, ffmpeg publishers, ONVIF simulator) and
 * resolves once every camera streams; `close` ends it and everything it started.
 */
export declare function startCameraSim(options: {
    cameras: string[];
    username?: string;
    password?: string;
    codecs?: Record<string, string>;
    ffmpeg?: string;
    rtspPort?: number;
    onvifPort?: number;
}): Promise<CameraSim>;
