import PDFDocument from 'pdfkit';
import { qrPng } from '../../lib/qr-code.ts';

export type PrintedTicket = {
  eventName: string;
  start: Date;
  timeZone: string;
  venue: string;
  ticketType: string;
  /** A seated event's seat, in words; null for general admission. */
  seat: string | null;
  holder: string;
  code: string;
  pass: string;
};

/** The event's date and time where it happens, the zone named, whatever the reader's own zone. */
const when = (start: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(start)} (${timeZone})`;

/** One A4 page per ticket, as a fan prints or keeps it: what, when, where, who, and the QR code. */
export function ticketPdf(ticket: PrintedTicket): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${ticket.eventName}: ${ticket.ticketType}`, Subject: `Ticket ${ticket.code}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(24).text(ticket.eventName);
  doc.moveDown(0.5).font('Helvetica').fontSize(13).text(when(ticket.start, ticket.timeZone));
  if (ticket.venue) doc.text(ticket.venue);
  doc.moveDown().fontSize(12);
  const lines: [string, string][] = [
    ['Ticket', ticket.ticketType],
    ...(ticket.seat ? [['Seat', ticket.seat] as [string, string]] : []),
    ['Holder', ticket.holder],
    ['Code', ticket.code],
  ];
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();
  doc.image(qrPng(ticket.pass, 8), { width: 240 });
  doc
    .moveDown()
    .fontSize(10)
    .fillColor('#444444')
    .text('Show this QR code at the gate, on paper or on a screen. A transferred ticket gets a new code.');
  doc.end();
  return done;
}
