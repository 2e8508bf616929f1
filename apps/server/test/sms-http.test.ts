import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { HttpSmsProvider } from '../src/platform/sms/sms-provider.ts';

describe('HTTP SMS gateway provider', () => {
  const received: { auth: string | undefined; body: unknown }[] = [];
  let status = 202;
  const gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? 'quota exhausted' : 'queued');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  it('posts the message with the key and throws the gateway answer on refusal', async () => {
    const sms = new HttpSmsProvider({ url, key: 'k-123', sender: 'ENVIRO' });
    await sms.send('+919800000001', 'PM above limit');
    expect(received).toEqual([{ auth: 'Bearer k-123', body: { to: '+919800000001', text: 'PM above limit', sender: 'ENVIRO' } }]);
    status = 429;
    await expect(sms.send('+919800000001', 'again')).rejects.toThrow('SMS gateway answered 429: quota exhausted');
  });

  it('is configured by SMS_PROVIDER=http with a URL and key, refused without them', () => {
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.in/send', SMS_HTTP_KEY: 'k' })).toMatchObject({ SMS_PROVIDER: 'http', SMS_HTTP_KEY: 'k' });
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow('SMS_HTTP_URL: SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_KEY');
  });
});
