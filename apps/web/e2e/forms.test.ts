import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { screenshot, type ViewportName } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'phone'];

/** zod's own words, which no form may show a person. */
const RAW = /Too small|Too big|Invalid input|expected string|expected number|>=|<=/;

describe('forms say what is wrong in words and send nothing until it is right', () => {
  let siteSession = '';
  let adminSession = '';

  const suite = browserSuite({
    seed: async (database) => {
      const build = builders(database.db);
      const site = await build.newTenant({ name: 'Enviro Operations', type: 'site' });
      const home = await build.newTenant({ name: 'Godavari Sugar Mills' });
      siteSession = (await signedInUser(database.db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).cookie;
      adminSession = (await signedInUser(database.db, { tenantId: home.id, name: 'Arjun Admin', role: 'admin' })).cookie;
    },
  });

  /** A page that counts the writes it sends to the API. */
  async function open(viewport: ViewportName, url: string, cookie?: string) {
    const opened = await suite.open(viewport, url, cookie);
    const writes: string[] = [];
    opened.page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return { ...opened, writes };
  }
  const dialog = (page: Page) => page.getByRole('dialog');
  const errorOf = (scope: Page | ReturnType<Page['getByRole']>, label: string) =>
    scope.getByRole('textbox', { name: label }).evaluate((input) => {
      const id = input.getAttribute('aria-describedby')?.split(' ').find((d) => d.endsWith('-error'));
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });

  it.each(VIEWPORT_NAMES)('an empty new tenant is not sent, and says which field it needs (%s)', async (viewport) => {
    const { context, page, errors, writes } = await open(viewport, '/app/admin/tenants', siteSession);
    await page.getByRole('button', { name: 'New tenant' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => errorOf(dialog(page), 'Name')).toBe('Name is required');
    await dialog(page).getByRole('textbox', { name: 'Monitored units' }).fill('');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => errorOf(dialog(page), 'Monitored units')).toBe('Monitored units must be a number');
    expect(await dialog(page).innerText()).not.toMatch(RAW);
    await screenshot(page, `form-tenant-empty-${viewport}`);
    expect(writes).toEqual([]);

    // Typing clears the message; a right form goes.
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill(`Kaveri Paper Mills ${viewport}`);
    await dialog(page).getByRole('textbox', { name: 'Monitored units' }).fill('3');
    expect(await errorOf(dialog(page), 'Name')).toBe('');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.getByText(`Tenant Kaveri Paper Mills ${viewport} created.`).waitFor();
    expect(writes).toEqual(['POST /api/tenants']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a corporate with a wrong email and phone names both, in words', async () => {
    const { context, page, errors, writes } = await open('desktop', '/app/admin/corporates', siteSession);
    await page.getByRole('button', { name: 'New corporate' }).click();
    await dialog(page).getByRole('textbox', { name: 'Contact email' }).fill('kaveri');
    await dialog(page).getByRole('textbox', { name: 'Contact phone' }).fill('call me');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => errorOf(dialog(page), 'Name')).toBe('Name is required');
    expect(await errorOf(dialog(page), 'Contact email')).toBe('Contact email must be an email address');
    expect(await errorOf(dialog(page), 'Contact phone')).toBe('Contact phone must be a phone number');
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('a new user asks for its tenant, name and email before anything is sent (%s)', async (viewport) => {
    const { context, page, errors, writes } = await open(viewport, '/app/admin/users', siteSession);
    await page.getByRole('button', { name: 'New user' }).click();
    await dialog(page).getByLabel('Password').fill('short');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => errorOf(dialog(page), 'Name')).toBe('Name is required');
    expect(await errorOf(dialog(page), 'Email')).toBe('Email is required');
    expect(await errorOf(dialog(page), 'Tenant')).toBe('Tenant is required');
    expect(await dialog(page).innerText()).toContain('Password needs at least 10 characters');
    expect(await dialog(page).innerText()).not.toMatch(RAW);
    await screenshot(page, `form-user-empty-${viewport}`);
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-in form asks for both fields instead of sending them empty', async () => {
    const { context, page, writes } = await open('phone', '/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => errorOf(page, 'Email')).toBe('Email is required');
    expect(await page.getByText('Password is required').count()).toBe(1);
    expect(writes).toEqual([]);
    await screenshot(page, 'form-login-empty-phone');
    await context.close();
  });

  it('the settings refuse an interval out of range in words', async () => {
    const { context, page, errors, writes } = await open('desktop', '/app/settings', adminSession);
    const save = page.getByRole('button', { name: 'Save' });
    await save.and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('switch', { name: 'Refresh dashboards automatically' }).click({ force: true });
    await page.getByRole('textbox', { name: 'Refresh interval (minutes)' }).fill('');
    await save.click();
    await expect.poll(() => errorOf(page, 'Refresh interval (minutes)')).toBe('Refresh interval (minutes) must be whole minutes from 1 to 1440');
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
