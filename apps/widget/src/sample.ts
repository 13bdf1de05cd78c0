import type { HolderTicket, PublicEvent } from '@portal/contract';
import type { WidgetSource } from './source.ts';

const day = (days: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const event = (ID: number, name: string, venue: string, inDays: number, prices: number[]): PublicEvent => ({
  ID,
  name,
  venue,
  description: 'Sample event: this is how your events will look.',
  image: '',
  time_zone: 'UTC',
  time_slots: false,
  seated: false,
  transfering_allowed: true,
  selling_allowed: true,
  days: [{ ID, start_date: day(inDays, 19), end_date: day(inDays, 22), left: null }],
  ticket_types: prices.map((price, i) => ({
    ID: ID * 10 + i,
    name: i === 0 ? 'General Admission' : 'VIP',
    description: '',
    price,
    left: 100,
  })),
});

const events = [
  event(1, 'Summer Sounds Festival', 'Riverside Park', 14, [45, 120]),
  event(2, 'Comedy Night Live', 'The Old Theatre', 30, [25]),
  event(3, 'Jazz at Sunset', 'Harbour Stage', 45, [35, 80]),
];
const tickets: HolderTicket[] = [
  {
    ID: 1,
    code: 'SAMPLE0001',
    // Shaped as a real pass, signed by no one: the preview shows how the QR code looks.
    pass: `PT1.1.SAMPLE0001.1.${'A'.repeat(86)}`,
    status: 'valid',
    event_id: 1,
    event_name: 'Summer Sounds Festival',
    venue: 'Riverside Park',
    start_date: day(14, 19),
    time_zone: 'UTC',
    ticket_type: 'General Admission',
    seat: null,
    checked_in: false,
    transferable: true,
    resellable: true,
  },
];

const preview = () => Promise.reject(new Error('This is a preview: nothing is bought, sent or changed.'));

/** Sample data only, for the portal's preview (spec back-office §2): nothing real is read or written. */
export const sampleSource = (): WidgetSource => ({
  settings: preview,
  events: async () => events,
  checkout: preview,
  daySeats: preview,
  holdSeats: preview,
  releaseSeats: preview,
  seatChooser: preview,
  resales: async () => [
    {
      ID: 1,
      ticket_id: 9,
      event_id: 1,
      event_name: 'Summer Sounds Festival',
      ticket_type: 'General Admission',
      seat: null,
      price: 50,
    },
  ],
  buyResale: preview,
  sendSignInLink: preview,
  signedIn: () => true,
  signOut: () => undefined,
  tickets: async () => tickets,
  transfer: preview,
  sell: preview,
  cancelSale: preview,
  ticketPdf: preview,
  fileUrl: (path) => path,
});
