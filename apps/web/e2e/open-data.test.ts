import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { findFreePort } from '../../server/src/platform/net/free-port.ts';
import { startMailServer, type MailServer } from '../../server/test/mail-server.ts';
import { horizontalOverflow, openPage, screenshot } from './portal.ts';
import { browserSuite } from './setup.ts';

/**
 * A developer's first visit, as they click: from the portal's home page to the developers' page,
 * the key asked for with an e-mail address, the mailed link opened, the key shown once and used.
 */
describe('the open data developers page in a browser', () => {
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail?.close();
  });
  const suite = browserSuite({
    start: async (database) => {
      const port = await findFreePort(0, '127.0.0.1');
      const base = `http://127.0.0.1:${port}`;
      const app = await buildApp({ database, mail: { transport: { host: '127.0.0.1', port: mail.port, secure: false, ignoreTLS: true }, publicUrl: base } }, { logger: false });
      await app.listen({ port, host: '127.0.0.1' });
      return { app, base };
    },
  });

  it('reaches the page from the portal, mails a key, shows it once on the link, and the key works', async () => {
    const { page, errors } = await openPage(suite.browser, 'phone');
    await page.goto(`${suite.base}/`);
    await page.getByRole('link', { name: 'open data API' }).click();
    await page.getByRole('heading', { name: 'Open data API' }).waitFor();
    await page.getByText('GODL-India').first().waitFor();
    await page.getByText('curl -H "X-API-Key: YOUR_KEY"').first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'open-data-developers-phone');

    await page.getByLabel('Your e-mail address').fill('maya@example.org');
    await page.getByRole('button', { name: 'Mail me a key' }).click();
    await page.getByText('We sent a confirmation link to maya@example.org').waitFor();

    const link = /(http:\/\/\S+\/developers\/confirm\?token=\S+)/.exec((await mail.next('maya@example.org')).text)![1]!;
    await page.goto(link);
    const key = (await page.getByLabel('Your key').innerText()).trim();
    expect(key).toMatch(/^eo_/);
    await page.getByText('60 requests a minute and 2,000 an hour').waitFor();
    const answer = await fetch(`${suite.base}/api/open/v1/boards`, { headers: { 'X-API-Key': key } });
    expect([answer.status, answer.headers.get('x-ratelimit-limit')]).toEqual([200, '60']);

    // The link works once: opened again, it says so.
    await page.goto(link);
    await page.getByText('This link does not work').waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
