import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { findFreePort } from '../../server/src/platform/net/free-port.ts';
import { newUser } from '../../server/test/accounts.ts';
import { builders } from '../../server/test/builders.ts';
import { inviteLinkIn, RecordingSms, startMailServer, type MailServer } from '../../server/test/mail-server.ts';
import { horizontalOverflow, openPage, screenshot } from './portal.ts';
import { browserSuite, submitSignIn } from './setup.ts';

const NEW_PASSWORD = 'kiln stack sunrise';
const PHONE = '+91 98765 43210';

/**
 * An invited user's first visit, as they click: the invite mail arrives at an in-process SMTP
 * server, the link opens the invite page, they set a password, sign in, and confirm their phone
 * on the account page with the code the SMS provider was given.
 */
describe('accepting an invite in a browser', () => {
  let mail: MailServer;
  const sms = new RecordingSms();

  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail?.close();
  });
  const suite = browserSuite({
    start: async (database) => {
      // Links in mails name the server's address, so the port is chosen before the app is built.
      const port = await findFreePort(0, '127.0.0.1');
      const base = `http://127.0.0.1:${port}`;
      const app = await buildApp(
        { database, mail: { transport: { host: '127.0.0.1', port: mail.port, secure: false, ignoreTLS: true }, publicUrl: base }, sms },
        { logger: false },
      );
      await app.listen({ port, host: '127.0.0.1' });
      return { app, base };
    },
  });

  it('opens the mailed link, sets a password, signs in and confirms the phone', async () => {
    const tenant = await builders(suite.database.db).newTenant({ name: 'Narmada Paper Mills' });
    const user = await newUser(suite.database.db, { tenantId: tenant.id, name: 'Ira Invited', phone: PHONE, password: undefined });
    await suite.app.accounts.verification.sendInvite(tenant.id, user.id);
    const link = inviteLinkIn(await mail.next(user.userName));
    expect(link.startsWith(`${suite.base}/invite/`)).toBe(true);

    const { page, errors } = await openPage(suite.browser, 'phone');
    await page.goto(link);
    await page.getByText('Welcome, Ira Invited').waitFor();
    await page.getByText(user.userName).waitFor();
    await screenshot(page, 'invite-accept-phone');
    expect(await horizontalOverflow(page)).toBe(0);

    // Too short: the form says so under the field and sends nothing.
    await page.getByLabel('New password', { exact: false }).first().fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('At least 10 characters').waitFor();

    await page.getByLabel('New password', { exact: false }).first().fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/login/);

    await submitSignIn(page, user.userName, NEW_PASSWORD);
    await page.waitForURL(`${suite.base}/app/dashboard`);

    await page.goto(`${suite.base}/app/account`);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    const phoneCard = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: 'Phone' }) });
    const emailCard = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: 'Email', exact: true }) });
    // The invite confirmed the email; the phone waits for its code.
    await emailCard.getByText('confirmed', { exact: true }).waitFor();
    await phoneCard.getByText('not confirmed').waitFor();
    await phoneCard.getByRole('button', { name: 'Send code' }).click();
    await phoneCard.getByText(/A code went to \*+3210/).waitFor();
    const code = sms.lastCode(PHONE);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await phoneCard.getByLabel('Code').fill(wrong);
    await phoneCard.getByRole('button', { name: 'Confirm' }).click();
    await phoneCard.getByText('Wrong code; 4 tries left').waitFor();
    await phoneCard.getByLabel('Code').fill(code);
    await phoneCard.getByRole('button', { name: 'Confirm' }).click();
    await phoneCard.getByText('confirmed', { exact: true }).waitFor();
    await screenshot(page, 'account-phone-confirmed-phone');
    expect(await horizontalOverflow(page)).toBe(0);

    // The link has done its work: opening it again says so.
    await page.goto(link);
    await page.getByText('This invite was already accepted').waitFor();
    // The wrong code's 400 is the one console error a browser logs for a failed request.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  });
});
