import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { widgetSnippets, type EventCreated, type EventDetail, type FanList, type Template } from '@portal/contract';
import { servePartnerSite, type PartnerSite } from '../support/partner-site.ts';
import { ports } from '../support/ports.ts';
import { apiToken, inviteMember, onePixelPng, ownPartner, signInTo, type OwnPartner } from './fixtures.ts';

const run = Date.now().toString(36);
/** What someone might type into a name to run their code in other people's browsers. */
const markup = `<img src=x onerror="window.__xss=1"> <script>window.__xss=1</script>`;
const named = (what: string) => `${what} ${run} ${markup}`;
const names = {
  event: named('Gala'),
  ticketType: named('Balcony'),
  sponsor: named('Harbour Bank'),
  member: named('Morgan'),
  fan: named('Robin'),
  note: named('Asked about'),
};
const fanEmail = `robin-${run}@fans.test`;
// A hundred days ahead: a day checkout still sells, in a month the event list shows closed until chosen.
const day = new Date(Date.now() + 100 * 24 * 60 * 60 * 1000);
day.setUTCHours(19, 0, 0, 0);
const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
const at = (hour: number) => new Date(new Date(day).setUTCHours(hour)).toISOString();

let partner: OwnPartner;
let site: PartnerSite;
let eventId = 0;

test.afterAll(() => site?.server.close());
/** Elements the markup describes, in the page or any open shadow root, and the flag its code sets. */
function injected(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      roots[i]!.querySelectorAll('*').forEach((el) => {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        const script = el.tagName === 'SCRIPT' && el.textContent?.includes('__xss');
        if (script || el.hasAttribute('onerror') || (el.tagName === 'IMG' && el.getAttribute('src') === 'x')) {
          found.push(el.outerHTML);
        }
      });
    }
    return { found, flag: (window as { __xss?: unknown }).__xss };
  });
}

/** Each text shows literally, and nothing of the markup in it became markup. */
async function expectShownAsText(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
  expect(await injected(page)).toEqual({ found: [], flag: undefined });
}

async function data<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

// Written once per worker through the API, into the spec's own organization; each test reads them.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  try {
    partner = await ownPartner(page.request);
    const snippet = widgetSnippets(`http://localhost:${ports.portal}`, partner.id).script;
    site = await servePartnerSite(() => snippet);
    await storeNamesWithMarkup(page);
  } finally {
    await page.close();
  }
});

async function storeNamesWithMarkup(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page, partner)}` };
  const template = await data<Template>(
    page.request.post('/api/templates', {
      headers,
      data: { partner_id: partner.id, image: `data:image/png;base64,${onePixelPng.toString('base64')}` },
    }),
  );
  const created = await data<EventCreated>(
    page.request.post('/api/events', {
      headers,
      data: {
        name: names.event,
        venue: 'The Boathouse',
        event_type: 'concert',
        time_zone: 'UTC',
        partner_id: partner.id,
        description: `About the night ${markup}`,
        event_days: [{ start_date: at(19), end_date: at(23) }],
        sponsors: [{ name: names.sponsor, image: '' }],
      },
    }),
  );
  eventId = created.ID;
  await data(
    page.request.put(`/api/events/${eventId}`, {
      headers,
      data: { active_on_widget: true, selling_allowed: true, transfering_allowed: true },
    }),
  );
  await data(
    page.request.post('/api/ticket_types', {
      headers,
      data: [
        {
          name: names.ticketType,
          description: `Best seats ${markup}`,
          initial_price: 20,
          amount: 50,
          template_id: template.ID,
          event_id: eventId,
        },
      ],
    }),
  );
  const detail = await data<EventDetail>(page.request.get(`/api/events/${eventId}`, { headers }));
  expect(detail.name).toBe(names.event);
  await data(
    page.request.post('/api/public/checkout', {
      data: {
        partner_id: partner.id,
        event_id: eventId,
        event_day_id: detail.event_days[0]!.ID,
        items: [{ ticket_type_id: detail.ticket_types[0]!.ID, quantity: 1 }],
        buyer: { email: fanEmail, full_name: names.fan },
        payment_method: '4242424242424242',
      },
    }),
  );
  const fans = await data<FanList>(page.request.get(`/api/partners/${partner.id}/fans?search=${run}`, { headers }));
  expect(fans.data.map((f) => f.full_name)).toEqual([names.fan]);
  await data(
    page.request.post('/api/fan_notes', {
      headers,
      data: { user_id: fans.data[0]!.ID, partner_id: partner.id, note: names.note },
    }),
  );
  await inviteMember(page, partner, {
    fullName: names.member,
    email: `morgan-${run}@example.test`,
    roleValue: 'BoxOffice',
  });
  await data(page.request.patch(`/api/partners/${partner.id}/widget`, { headers, data: { website_url: site.origin } }));
}

test('names, notes and descriptions with markup are stored as typed', async ({ page }) => {
  const headers = { authorization: `Bearer ${await apiToken(page, partner)}` };
  const detail = await data<EventDetail>(page.request.get(`/api/events/${eventId}`, { headers }));
  expect(detail.name).toBe(names.event);
  expect(detail.description).toBe(`About the night ${markup}`);
  expect(detail.ticket_types.map((t) => t.name)).toEqual([names.ticketType]);
});

test('the portal shows them as text', async ({ page }) => {
  await signInTo(page, partner);
  const period = page.getByRole('button', { name: month });
  await period.click();
  await expect(period).toHaveAttribute('aria-expanded', 'true');
  await expectShownAsText(page, [names.event]);

  await page.goto(`/event-summary/${eventId}`);
  await expectShownAsText(page, [names.event]);
  await page.getByRole('tab', { name: 'Ticket Types' }).click();
  await expectShownAsText(page, [names.ticketType]);
  await page.getByRole('tab', { name: 'Event Sponsors' }).click();
  await expectShownAsText(page, [names.sponsor]);

  await page.goto('/fan-database');
  await page.getByRole('textbox', { name: 'Filter by fan' }).fill(run);
  // The list splits the name at its first space: the markup is all in the last name.
  await expectShownAsText(page, [names.fan.replace('Robin ', '')]);
  await page.getByRole('link', { name: `View ${names.fan}` }).click();
  await expect(page.getByRole('heading', { name: fanEmail })).toBeVisible();
  await expectShownAsText(page, [names.note, names.event]);

  await page.goto('/orders');
  await page.getByRole('textbox', { name: 'Search' }).fill(fanEmail);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
  await expectShownAsText(page, [names.event]);

  await page.goto('/profile');
  await expectShownAsText(page, [names.member]);
});

test("the widget on a partner's site shows them as text", async ({ page }) => {
  await page.goto(`${site.origin}/`);
  const event = page.getByRole('article', { name: names.event, exact: true });
  await expect(event).toBeVisible();
  await expectShownAsText(page, [names.event]);
  await event.getByRole('button', { name: 'Buy Tickets' }).click();
  await expect(page.getByLabel(`${names.ticketType} quantity`)).toBeVisible();
  await expectShownAsText(page, [names.ticketType, `About the night ${markup}`]);

  // The check sees markup that does become elements (the partner's page has no policy to stop it).
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), markup);
  await expect.poll(async () => (await injected(page)).flag).toBe(1);
  expect((await injected(page)).found).toHaveLength(2);
});
