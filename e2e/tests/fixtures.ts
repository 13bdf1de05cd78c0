import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { EventListItem } from '@portal/contract';
import { ports } from '../support/ports.ts';

export type Login = { email: string; password: string };

export const demo: Login = { email: 'demo@partnerportal.test', password: 'demo-password' };

/** An organization of a spec's own: a copy of the demo's Harbour Lights Live, with its own admin and box office member. */
export type OwnPartner = { id: number; name: string; admin: Login; staff: Login };

/**
 * A new organization that no other spec touches, so specs run side by side; with `sales`, the demo's
 * orders, refunds and check-ins too. The test server seeds it (POST /api/dev/partners, NODE_ENV=test only).
 */
export async function ownPartner(request: APIRequestContext, options: { sales?: boolean } = {}): Promise<OwnPartner> {
  const res = await request.post('/api/dev/partners', { data: { sales: options.sales ?? false }, timeout: 60_000 });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: OwnPartner }).data;
}

/** A spec's own organization (see ownPartner), made once in each worker that runs its tests; read it in a test or hook. */
export function specPartner(options: { sales?: boolean } = {}): () => OwnPartner {
  let partner: OwnPartner;
  test.beforeAll(async ({ request }) => {
    partner = await ownPartner(request, options);
  });
  return () => partner;
}

/** A real, tiny PNG (one pixel), for uploads. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** Presses the event wizard's Continue. */
export const continueStep = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

/** Signs in through the login screen and lands on /organization. */
export async function signIn(page: Page, credentials: Login = demo) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}

/** Signs in and chooses an organization (a spec's own as its admin, or one of the demo login's), landing on /event-list. */
export async function signInTo(page: Page, organization: OwnPartner | string) {
  const [name, credentials] =
    typeof organization === 'string' ? [organization, demo] : [organization.name, organization.admin];
  await signIn(page, credentials);
  await page.getByRole('button', { name }).click();
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

/** What the API answers the person signed in to the portal in this page. */
export async function fromApi<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The organization's event of this name, as its event list gives it to the signed-in admin. */
export const eventNamed = async (page: Page, partner: OwnPartner, name: string) =>
  (await fromApi<EventListItem[]>(page, `/api/events?partner_id=${partner.id}`)).find((e) => e.name === name)!;

/** A partner-scoped API token for the partner's admin, for setting up data the way the portal would. */
export async function apiToken(page: Page, { id: partnerId, admin: credentials }: { id: number; admin: Login }) {
  const post = async (url: string, data: unknown, token?: string) => {
    const res = await page.request.post(url, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.ok()).toBe(true);
    return (await res.json()).data;
  };
  const { id_token } = await post('/api/identity/sign-in', credentials);
  const { access_token } = await post('/api/login', { firebase_id: id_token });
  return (await post('/api/login/partner', { partner_id: partnerId }, access_token)) as string;
}

/** Invites someone to the organization in a role, as its admin does on the team screen; the invitation is mailed. */
export async function inviteMember(
  page: Page,
  partner: OwnPartner,
  invitee: { fullName: string; email: string; roleValue: string },
) {
  const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
  const roles = (await (await page.request.get('/api/roles', { headers: auth })).json()).data as {
    ID: number;
    value: string;
  }[];
  const role = roles.find((r) => r.value === invitee.roleValue)!;
  const invited = await page.request.post('/api/members', {
    headers: auth,
    data: { full_name: invitee.fullName, email: invitee.email, roles: [role.ID], partner_id: partner.id },
  });
  expect(invited.ok()).toBe(true);
}

/**
 * A new member of the organization, created the way people are: invited, then accepted through the
 * mailed link. Answers their login.
 */
export async function createMember(page: Page, partner: OwnPartner, roleValue: string): Promise<Login> {
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'member-password';
  await inviteMember(page, partner, { fullName: `Member ${roleValue}`, email, roleValue });
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

/** The organization's API as its admin calls it: answers the data of each call, failing the test on an error. */
export async function partnerApi(page: Page, partner: OwnPartner) {
  const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
  return async (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, headers: auth, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data;
  };
}
export type PartnerApi = Awaited<ReturnType<typeof partnerApi>>;

/**
 * A one-day concert at The Pier in `timeZone`, on the widget and on sale now, with one ticket type at $25
 * (transferable with `transfers`); answers its id, its day's and its ticket type's.
 */
export async function eventOnSale(
  call: PartnerApi,
  partner: OwnPartner,
  event: { name: string; timeZone: string; start: string; end: string; ticketType: string; amount: number },
  options: { transfers?: boolean } = {},
) {
  const created = await call('POST', '/api/events', {
    name: event.name,
    venue: 'The Pier',
    event_type: 'concert',
    time_zone: event.timeZone,
    partner_id: partner.id,
    event_days: [{ start_date: event.start, end_date: event.end }],
  });
  const id = (Array.isArray(created) ? created[0] : created).ID as number;
  const design = await call('POST', '/api/templates', {
    partner_id: partner.id,
    image: `data:image/png;base64,${onePixelPng.toString('base64')}`,
  });
  await call('POST', '/api/ticket_types', [
    { name: event.ticketType, initial_price: 25, amount: event.amount, template_id: design.ID, event_id: id },
  ]);
  await call('PUT', `/api/events/${id}`, { active_on_widget: true });
  if (options.transfers) await call('PUT', `/api/events/${id}`, { transfering_allowed: true });
  await call('PUT', `/api/events/${id}`, { selling_time: new Date(Date.now() - 3_600_000).toISOString() });
  const detail = await call('GET', `/api/events/${id}`);
  return { id, dayId: detail.event_days[0].ID as number, typeId: detail.ticket_types[0].ID as number };
}

/** Fills the event wizard's first step, a concert at The Boathouse in `city`, and continues. */
export async function fillEventAndVenue(page: Page, name: string, city: string) {
  await page.getByRole('textbox', { name: 'Event name' }).fill(name);
  await page.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: 'Concert' }).click();
  await page.getByRole('textbox', { name: 'Venue' }).fill('The Boathouse');
  await page.getByRole('textbox', { name: 'City' }).fill(city);
  await continueStep(page);
}
