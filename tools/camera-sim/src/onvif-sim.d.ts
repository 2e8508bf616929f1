import { type Server } from 'node:http';
/** A PTZ request the simulator received, as it understood it. */
export interface RecordedMove {
    camera: string;
    action: 'GetProfiles' | 'ContinuousMove' | 'Stop' | 'GotoPreset' | 'SetPreset';
    pan?: number;
    tilt?: number;
    zoom?: number;
    timeout?: string;
    preset?: string;
    at: string;
}
/**
 * An ONVIF PTZ simulator (issue 32): answers the SOAP 1.2 the server's PTZ client sends (media
 * GetProfiles; PTZ ContinuousMove, Stop, GotoPreset, SetPreset) at `/onvif/<camera>/device_service`,
 * checks the WS-Security UsernameToken digest when credentials are set, keeps each camera's position
 * and presets, and records every request (GET /moves answers them as JSON, DELETE /moves forgets them).
 */
export declare function startOnvifSim(options: {
    port: number;
    host?: string;
    username?: string;
    password?: string;
}): Promise<{
    server: Server;
    port: number;
    moves: RecordedMove[];
}>;
