import { expect, type Page } from '@playwright/test';
import { ports } from '../support/ports.ts';

export const demo = { email: 'demo@partnerportal.test', password: 'demo-password' } as const;

/** A real, tiny PNG (one pixel), for uploads. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** Presses the event wizard's Continue. */
export const continueStep = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

/** Signs in through the login screen and lands on /organization. */
export async function signIn(page: Page, credentials: { email: string; password: string } = demo) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

/** Signs in and chooses an organization, landing on /event-list. */
export async function signInTo(page: Page, organization: string, credentials = demo) {
  await signIn(page, credentials);
  await page.getByRole('button', { name: organization }).click();
  await expect(page).toHaveURL(/\/event-list$/);
}

/**
 * The first match of `pattern` in the newest mail to this address that has one, as the SMTP peer
 * received it: a purchase's confirmation, sent in the background, may arrive after the mail awaited.
 */
export async function mailed(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`http://127.0.0.1:${ports.mailbox}/?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { text: string }[];
      const match = mails.map((m) => pattern.exec(m.text)).findLast((m) => m !== null);
      found = match?.[1] ?? match?.[0];
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The /usermgmt link of the newest mail to this address that carries one. */
export const mailedLink = (to: string) => mailed(to, /https?:\/\/\S+\/usermgmt\?\S+/);

/** A partner-scoped API token for the demo admin, for setting up data the way the portal would. */
export async function apiToken(page: Page, partnerId: number, credentials = demo) {
  const post = async (url: string, data: unknown, token?: string) => {
    const res = await page.request.post(url, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.ok()).toBe(true);
    return (await res.json()).data;
  };
  const { id_token } = await post('/api/identity/sign-in', credentials);
  const { access_token } = await post('/api/login', { firebase_id: id_token });
  return (await post('/api/login/partner', { partner_id: partnerId }, access_token)) as string;
}

/** Invites someone to the demo admin's organization in a role, as the team screen does; the invitation is mailed. */
export async function inviteMember(
  page: Page,
  invitee: { fullName: string; email: string; roleValue: string; partnerId?: number },
) {
  const partnerId = invitee.partnerId ?? 1;
  const auth = { authorization: `Bearer ${await apiToken(page, partnerId)}` };
  const roles = (await (await page.request.get('/api/roles', { headers: auth })).json()).data as {
    ID: number;
    value: string;
  }[];
  const role = roles.find((r) => r.value === invitee.roleValue)!;
  const invited = await page.request.post('/api/members', {
    headers: auth,
    data: { full_name: invitee.fullName, email: invitee.email, roles: [role.ID], partner_id: partnerId },
  });
  expect(invited.ok()).toBe(true);
}

/**
 * A new member of the demo admin's organization, created the way people are: invited, then accepted
 * through the mailed link. Answers their login.
 */
export async function createMember(page: Page, roleValue: string, partnerId = 1) {
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'member-password';
  await inviteMember(page, { fullName: `Member ${roleValue}`, email, roleValue, partnerId });
  const oobCode = new URL(await mailedLink(email)).searchParams.get('oobCode');
  const post = async (url: string, data: unknown, bearer?: string) => {
    const res = await page.request.post(url, { data, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect(res.ok(), url).toBe(true);
    return (await res.json()).data;
  };
  const { id_token } = await post('/api/identity/sign-in-with-code', { oobCode });
  const { access_token } = await post('/api/login', { firebase_id: id_token });
  await post('/api/identity/password', { password }, access_token);
  return { email, password };
}
