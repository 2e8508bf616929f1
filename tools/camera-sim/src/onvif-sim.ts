import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

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
export function startOnvifSim(options: { port: number; host?: string; username?: string; password?: string }): Promise<{ server: Server; port: number; moves: RecordedMove[] }> {
  const moves: RecordedMove[] = [];
  const state = new Map<string, { pan: number; tilt: number; zoom: number; presets: Map<string, { name: string; pan: number; tilt: number; zoom: number }> }>();
  const server = createServer((req, res) => {
    if (req.url === '/moves') {
      if (req.method === 'DELETE') moves.length = 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(moves));
      return;
    }
    const m = /^\/onvif\/([\w-]+)\/device_service$/.exec(req.url ?? '');
    if (!m || req.method !== 'POST') return void res.writeHead(404).end();
    const camera = m[1]!;
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const soap = (status: number, inner: string) =>
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(
          `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl"><s:Body>${inner}</s:Body></s:Envelope>`,
        );
      const fault = (code: string, text: string) => soap(code === 'NotAuthorized' ? 400 : 500, `<s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>ter:${code}</s:Value></s:Subcode></s:Code><s:Reason><s:Text xml:lang="en">${text}</s:Text></s:Reason></s:Fault>`);
      if (options.username && !authorized(body, options.username, options.password ?? '')) return fault('NotAuthorized', 'Sender not authorized');
      const cam = state.get(camera) ?? { pan: 0, tilt: 0, zoom: 0, presets: new Map() };
      state.set(camera, cam);
      const op = /<(?:\w+:)?Body>\s*<(?:\w+:)?(\w+)/.exec(body)?.[1];
      const at = new Date().toISOString();
      const tag = (name: string) => /<(?:\w+:)?NAME>([^<]*)<\/(?:\w+:)?NAME>/.source.replaceAll('NAME', name);
      const text = (name: string) => new RegExp(tag(name)).exec(body)?.[1];
      switch (op) {
        case 'GetProfiles':
          moves.push({ camera, action: 'GetProfiles', at });
          return soap(200, `<trt:GetProfilesResponse><trt:Profiles token="profile_1" fixed="true"><tt:Name>main</tt:Name><tt:PTZConfiguration token="ptz_1"><tt:Name>ptz</tt:Name></tt:PTZConfiguration></trt:Profiles></trt:GetProfilesResponse>`);
        case 'ContinuousMove': {
          const num = (re: RegExp) => Number(re.exec(body)?.[1] ?? 0);
          const pan = num(/PanTilt[^>]*\bx="([-\d.]+)"/);
          const tilt = num(/PanTilt[^>]*\by="([-\d.]+)"/);
          const zoom = num(/Zoom[^>]*\bx="([-\d.]+)"/);
          cam.pan = clamp(cam.pan + pan * 0.1);
          cam.tilt = clamp(cam.tilt + tilt * 0.1);
          cam.zoom = Math.min(1, Math.max(0, cam.zoom + zoom * 0.1));
          moves.push({ camera, action: 'ContinuousMove', pan, tilt, zoom, ...(text('Timeout') ? { timeout: text('Timeout') } : {}), at });
          return soap(200, '<tptz:ContinuousMoveResponse/>');
        }
        case 'Stop':
          moves.push({ camera, action: 'Stop', at });
          return soap(200, '<tptz:StopResponse/>');
        case 'SetPreset': {
          const name = text('PresetName') ?? 'preset';
          const token = text('PresetToken') ?? `preset_${cam.presets.size + 1}`;
          cam.presets.set(token, { name, pan: cam.pan, tilt: cam.tilt, zoom: cam.zoom });
          moves.push({ camera, action: 'SetPreset', preset: name, at });
          return soap(200, `<tptz:SetPresetResponse><tptz:PresetToken>${token}</tptz:PresetToken></tptz:SetPresetResponse>`);
        }
        case 'GotoPreset': {
          const token = text('PresetToken') ?? '';
          // A preset stored before this simulator started (the demo's seed) is kept at the home position.
          const preset = cam.presets.get(token) ?? { name: token.replace(/^preset_/, ''), pan: 0, tilt: 0, zoom: 0 };
          Object.assign(cam, { pan: preset.pan, tilt: preset.tilt, zoom: preset.zoom });
          moves.push({ camera, action: 'GotoPreset', preset: preset.name, at });
          return soap(200, '<tptz:GotoPresetResponse/>');
        }
        default:
          return fault('ActionNotSupported', `${op ?? 'the request'} is not simulated`);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : options.port, moves });
    });
  });
}

const clamp = (v: number) => Math.min(1, Math.max(-1, v));

/** The UsernameToken's digest: base64(sha1(nonce + created + password)). */
function authorized(body: string, username: string, password: string): boolean {
  const get = (name: string) => new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)</(?:\\w+:)?${name}>`).exec(body)?.[1];
  const [user, digest, nonce, created] = [get('Username'), get('Password'), get('Nonce'), get('Created')];
  if (user !== username || !digest || !nonce || !created) return false;
  const expected = createHash('sha1').update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created + password, 'utf8')])).digest('base64');
  return expected === digest;
}
