import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { maxFontBytes } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  events,
  partners,
  partnerTos,
  sponsors,
  storedFiles,
  templates,
  widgetSettings,
} from '../../src/db/schema/index.ts';
import { limits } from '../../src/lib/uploads.ts';
import { bearer, createEvent, PDF_DATA_URL, PNG_BYTES, PNG_DATA_URL } from '../seeders.ts';
import { suiteApp, suiteOrganisation } from '../suite.ts';
import { bytesOf, dataUrl, fieldsOf, impostors, pdfAsJpeg, SVG, TTF } from './upload-samples.ts';

describe('uploads through the real routes', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t, { name: 'Harbour Lights' });
  let eventId: number;
  let sponsorId: number;

  beforeAll(async () => {
    eventId = (
      await createEvent(t.db, org.partnerId, {
        days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      })
    ).event.id;
    const sponsor = await send('POST', '/api/sponsors', { event_id: eventId, name: 'Harbour Bank', image: '' });
    sponsorId = sponsor.json().data.ID;
  });

  function send(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
    return t.app.inject({ method, url, headers: bearer(org.token), payload });
  }

  /** Each route that takes a file, with a body that carries the given data URL in its file field. */
  const uploads = () =>
    [
      {
        route: 'PUT /api/partners/:id',
        kind: 'image',
        send: (f: string) => send('PUT', `/api/partners/${org.partnerId}`, { image: f }),
      },
      {
        route: 'PATCH /api/partners/:id',
        kind: 'image',
        send: (f: string) => send('PATCH', `/api/partners/${org.partnerId}`, { image: f }),
      },
      {
        route: 'POST /api/partners/:id/tos',
        kind: 'document',
        send: (f: string) =>
          send('POST', `/api/partners/${org.partnerId}/tos?file=true`, { file: f, file_name: 'terms.pdf' }),
      },
      {
        route: 'POST /api/partners/:id/widget/fonts',
        kind: 'font',
        send: (f: string) => send('POST', `/api/partners/${org.partnerId}/widget/fonts`, { family: 'House', file: f }),
      },
      {
        route: 'POST /api/events',
        kind: 'image',
        send: (f: string) => send('POST', '/api/events', newEvent({ image: f })),
      },
      {
        route: 'POST /api/events',
        kind: 'image',
        // A good event image and a good sponsor logo before the bad one: none of them may be kept.
        send: (f: string) =>
          send(
            'POST',
            '/api/events',
            newEvent({
              image: PNG_DATA_URL,
              sponsors: [
                { name: 'Good', image: PNG_DATA_URL },
                { name: 'Bad', image: f },
              ],
            }),
          ),
      },
      {
        route: 'PUT /api/events/:id',
        kind: 'image',
        send: (f: string) => send('PUT', `/api/events/${eventId}`, { image: f }),
      },
      {
        route: 'POST /api/sponsors',
        kind: 'image',
        send: (f: string) => send('POST', '/api/sponsors', { event_id: eventId, name: 'Bad', image: f }),
      },
      {
        route: 'PUT /api/sponsors/:id',
        kind: 'image',
        send: (f: string) => send('PUT', `/api/sponsors/${sponsorId}`, { event_id: eventId, name: 'Bad', image: f }),
      },
      {
        route: 'POST /api/templates',
        kind: 'image',
        send: (f: string) => send('POST', '/api/templates', { partner_id: org.partnerId, image: f }),
      },
    ] as const;

  const newEvent = (extra: object) => ({
    name: 'Upload Night',
    venue: 'Main Hall',
    event_type: 'concert',
    time_zone: 'UTC',
    partner_id: org.partnerId,
    event_days: [{ start_date: '2027-07-01T19:00:00.000Z', end_date: '2027-07-01T22:00:00.000Z' }],
    ...extra,
  });

  /** What a refusal must leave as it was: every row an upload could write, and the stored files. */
  async function snapshot() {
    return {
      partners: await t.db.select().from(partners).orderBy(asc(partners.id)),
      events: await t.db.select().from(events).orderBy(asc(events.id)),
      sponsors: await t.db.select().from(sponsors).orderBy(asc(sponsors.id)),
      templates: await t.db.select().from(templates).orderBy(asc(templates.id)),
      terms: await t.db.select().from(partnerTos).orderBy(asc(partnerTos.id)),
      widget: await t.db.select().from(widgetSettings),
      files: (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((f) => f.key).sort(),
    };
  }

  async function expectRefused(
    upload: ReturnType<typeof uploads>[number],
    file: string,
    status: number,
    message: RegExp,
  ) {
    const before = await snapshot();
    const res = await upload.send(file);
    expect(res.statusCode, upload.route).toBe(status);
    expect(res.json(), upload.route).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(message) },
    });
    expect(await snapshot(), upload.route).toEqual(before);
  }

  it('covers every route whose body takes a file', () => {
    const fileFields = /(^|\.)(image|file)$/;
    const routes = t.app.routeTable
      .filter((r) => fieldsOf(r.schema?.body).some((f) => fileFields.test(f)))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes)).toEqual(new Set(uploads().map((u) => u.route)));
  });

  it('refuses files that lie about their type, and changes nothing', async () => {
    const expected = { image: /PNG or JPEG/, document: /PDF or PNG or JPEG/, font: /WOFF2, WOFF or TTF/ };
    for (const upload of uploads()) {
      for (const file of Object.values(impostors)) await expectRefused(upload, file, 422, expected[upload.kind]);
      if (upload.kind !== 'document') await expectRefused(upload, pdfAsJpeg, 422, expected[upload.kind]);
    }
  });

  it('refuses a file over the limit with 413, and changes nothing', async () => {
    const over = {
      image: dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(limits.image)])),
      document: dataUrl('application/pdf', Buffer.concat([bytesOf(PDF_DATA_URL), Buffer.alloc(limits.document)])),
      font: dataUrl('font/ttf', Buffer.concat([TTF, Buffer.alloc(maxFontBytes)])),
    };
    for (const upload of uploads()) await expectRefused(upload, over[upload.kind], 413, /larger than/);
    // Well over the limit, yet within the request's: still 413, and still the limit in the message.
    const wellOver = dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(limits.image * 1.4)]));
    for (const upload of uploads().filter((u) => u.kind === 'image')) {
      await expectRefused(upload, wellOver, 413, /larger than 5 MB/);
    }
    const documentOver = dataUrl(
      'application/pdf',
      Buffer.concat([bytesOf(PDF_DATA_URL), Buffer.alloc(limits.document * 1.1)]),
    );
    const terms = uploads().find((u) => u.kind === 'document')!;
    await expectRefused(terms, documentOver, 413, /larger than 10 MB/);
    // Over 3 million characters as a data URL, yet within the font route's body limit.
    const fontOver = dataUrl('font/ttf', Buffer.concat([TTF, Buffer.alloc(maxFontBytes * 1.1)]));
    const fonts = uploads().find((u) => u.kind === 'font')!;
    await expectRefused(fonts, fontOver, 413, /larger than 2 MB/);
    // Far beyond any limit, the body itself is refused before anything reads it.
    const huge = dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(16 * 1024 * 1024)]));
    for (const upload of uploads()) await expectRefused(upload, huge, 413, /too large/);
    // Some twenty bodies of 2 to 16 MB through every upload route: half a minute on a busy machine.
  }, 120_000);

  it('keeps no file of a change refused after its image was stored', async () => {
    const series = await send('POST', '/api/events', newEvent({ rrule: 'FREQ=WEEKLY;COUNT=2' }));
    const id = series.json().data[0].ID;
    const upload = {
      route: 'PUT /api/events/:id',
      kind: 'image',
      // A new rule that gives no dates is refused only once the series is rescheduled.
      send: (f: string) => send('PUT', `/api/events/${id}`, { image: f, rrule: 'FREQ=WEEKLY;UNTIL=20200101T000000Z' }),
    } as const;
    await expectRefused(upload, PNG_DATA_URL, 422, /gives no dates/);
  });

  it('stores what is really sent, whatever the label says, and serves it safely', async () => {
    const good = { image: PNG_DATA_URL, document: pdfAsJpeg, font: dataUrl('font/woff2', TTF) };
    const served = { image: 'image/png', document: 'application/pdf', font: 'font/ttf' };
    for (const upload of uploads()) {
      const before = (await snapshot()).files;
      const res = await upload.send(good[upload.kind]);
      expect(res.statusCode, `${upload.route}: ${res.body}`).toBe(200);
      const added = (await snapshot()).files.filter((f) => !before.includes(f));
      expect(added.length, upload.route).toBeGreaterThan(0);
      for (const key of added) {
        const file = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
        expect(file.statusCode, key).toBe(200);
        // The document was labelled JPEG but is a PDF: filed and served as one, and only as a download.
        expect(file.headers['content-type'], upload.route).toBe(served[upload.kind]);
        expect(file.headers['content-disposition'], upload.route).toBe(
          upload.kind === 'document' ? 'attachment' : 'inline',
        );
        expect(file.headers['x-content-type-options'], upload.route).toBe('nosniff');
      }
    }
  });

  it('serves nothing but the stored types, whatever lies in the store or the address', async () => {
    const planted = `${randomUUID()}.svg`;
    const plant = (key: string, contentType: string, text: string) =>
      t.db.insert(storedFiles).values({ key, contentType, data: Buffer.from(text), size: text.length });
    await plant(planted, 'image/svg+xml', SVG);
    await plant(`${randomUUID()}.html`, 'text/html', '<script>alert(1)</script>');
    // A row whose own type says HTML is still served only as what its key names.
    await plant(`${randomUUID()}.png`, 'text/html', '<script>alert(1)</script>');
    for (const { key } of await t.db.select({ key: storedFiles.key }).from(storedFiles)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
      if (/\.(svg|html)$/.test(key)) expect(res.statusCode, key).toBe(404);
      else
        expect(res.headers['content-type'], key).toMatch(/^(image\/(png|jpeg)|application\/pdf|font\/(woff2?|ttf))$/);
    }
    for (const url of [
      `/api/files/${planted.replace('.svg', '.png')}`,
      '/api/files/..%2F..%2Fsecrets.json',
      '/api/files/%2e%2e%2fsecrets.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('takes a document link only as a web address', async () => {
    const long = `https://example.test/${'a'.repeat(2000)}`;
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      long,
    ]) {
      const before = await snapshot();
      const res = await send('POST', `/api/partners/${org.partnerId}/tos?file=false`, {
        file: link,
        file_name: 'Terms',
      });
      expect(res.statusCode, link).toBe(422);
      expect(await snapshot()).toEqual(before);
    }
  });
});
