import { createHash, randomBytes } from 'node:crypto';

/**
 * A small ONVIF PTZ client (Profile S, PTZ service ver20): the five operations the product uses,
 * SOAP 1.2 over HTTP with a WS-Security UsernameToken (password digest). Why not the `onvif` npm
 * package: it installs, but its `connect` walks the device's whole service list (GetSystemDateAndTime,
 * GetServices or GetCapabilities, GetProfiles, GetVideoSources) before the first move, with callbacks
 * and no per-call deadline; a PTZ request here is one POST with an AbortSignal timeout, so a dead
 * camera answers within seconds and never blocks (docs/CAMERAS.md "PTZ").
 */
export interface OnvifEndpoint {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
}

export class OnvifError extends Error {
  constructor(
    readonly kind: 'UNREACHABLE' | 'UNAUTHORIZED' | 'FAULT',
    message: string,
  ) {
    super(message);
  }
}

const NS = 'xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema"';

export class OnvifPtz {
  constructor(
    private readonly endpoint: OnvifEndpoint,
    private readonly label: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** The first media profile's token (the one with a PTZ configuration when there are several). */
  async profileToken(): Promise<string> {
    const xml = await this.call('http://www.onvif.org/ver10/media/wsdl/GetProfiles', '<trt:GetProfiles/>');
    const profiles = [...xml.matchAll(/<(?:\w+:)?Profiles\b[^>]*\btoken="([^"]+)"[^>]*>([\s\S]*?)<\/(?:\w+:)?Profiles>/g)];
    const withPtz = profiles.find((p) => /PTZConfiguration/.test(p[2]!)) ?? profiles[0];
    if (!withPtz) throw new OnvifError('FAULT', `${this.label} has no media profile to move`);
    return withPtz[1]!;
  }

  /** Moves at the given speeds (-1 to 1) for `timeoutMs`, after which the camera stops by itself. */
  async continuousMove(profile: string, v: { pan: number; tilt: number; zoom: number; timeoutMs: number }): Promise<void> {
    await this.call(
      'http://www.onvif.org/ver20/ptz/wsdl/ContinuousMove',
      `<tptz:ContinuousMove><tptz:ProfileToken>${esc(profile)}</tptz:ProfileToken><tptz:Velocity><tt:PanTilt x="${v.pan}" y="${v.tilt}"/><tt:Zoom x="${v.zoom}"/></tptz:Velocity><tptz:Timeout>PT${(v.timeoutMs / 1000).toFixed(1)}S</tptz:Timeout></tptz:ContinuousMove>`,
    );
  }

  async stop(profile: string): Promise<void> {
    await this.call('http://www.onvif.org/ver20/ptz/wsdl/Stop', `<tptz:Stop><tptz:ProfileToken>${esc(profile)}</tptz:ProfileToken><tptz:PanTilt>true</tptz:PanTilt><tptz:Zoom>true</tptz:Zoom></tptz:Stop>`);
  }

  async gotoPreset(profile: string, token: string): Promise<void> {
    await this.call('http://www.onvif.org/ver20/ptz/wsdl/GotoPreset', `<tptz:GotoPreset><tptz:ProfileToken>${esc(profile)}</tptz:ProfileToken><tptz:PresetToken>${esc(token)}</tptz:PresetToken></tptz:GotoPreset>`);
  }

  /** Stores the current position as preset `name` (replacing `token` when given); the camera's token for it. */
  async setPreset(profile: string, name: string, token?: string): Promise<string> {
    const xml = await this.call(
      'http://www.onvif.org/ver20/ptz/wsdl/SetPreset',
      `<tptz:SetPreset><tptz:ProfileToken>${esc(profile)}</tptz:ProfileToken><tptz:PresetName>${esc(name)}</tptz:PresetName>${token ? `<tptz:PresetToken>${esc(token)}</tptz:PresetToken>` : ''}</tptz:SetPreset>`,
    );
    const m = /<(?:\w+:)?PresetToken>([^<]+)<\/(?:\w+:)?PresetToken>/.exec(xml);
    if (!m) throw new OnvifError('FAULT', `${this.label} did not say which preset it stored`);
    return unesc(m[1]!);
  }

  private async call(action: string, body: string): Promise<string> {
    const envelope = `<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${NS}><s:Header>${this.security()}</s:Header><s:Body>${body}</s:Body></s:Envelope>`;
    let res: Response;
    try {
      res = await fetch(this.endpoint.url, {
        method: 'POST',
        headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` },
        body: envelope,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError';
      throw new OnvifError('UNREACHABLE', `${this.label}'s ONVIF service ${timedOut ? `did not answer within ${Math.round(this.timeoutMs / 1000)} s` : 'cannot be reached'}: check its ONVIF address and that the camera is on`);
    }
    const text = await res.text();
    if (res.status === 401 || /NotAuthorized|FailedAuthentication/i.test(text)) throw new OnvifError('UNAUTHORIZED', `${this.label} refused the user name or password for PTZ: check the camera's credentials`);
    if (!res.ok || /<(?:\w+:)?Fault\b/.test(text)) {
      const reason = /<(?:\w+:)?Text[^>]*>([^<]+)</.exec(text)?.[1];
      throw new OnvifError('FAULT', `${this.label} refused the PTZ request${reason ? `: ${unesc(reason).slice(0, 200)}` : ` (HTTP ${res.status})`}`);
    }
    return text;
  }

  /** WS-Security UsernameToken with a password digest: base64(sha1(nonce + created + password)). */
  private security(): string {
    if (!this.endpoint.username) return '';
    const nonce = randomBytes(16);
    const created = new Date().toISOString();
    const digest = createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created + (this.endpoint.password ?? ''), 'utf8')])).digest('base64');
    return (
      '<wsse:Security s:mustUnderstand="true" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">' +
      `<wsse:UsernameToken><wsse:Username>${esc(this.endpoint.username)}</wsse:Username>` +
      `<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">${digest}</wsse:Password>` +
      `<wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">${nonce.toString('base64')}</wsse:Nonce>` +
      `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`
    );
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
