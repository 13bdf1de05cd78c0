export { createTicketPasses, type TicketPasses } from './passes.ts';
export { held, heldTickets, type Holder } from './held.ts';
export { holderTicketPdf, sendTicketPdf, ticketPdfResponse } from './holder-pdf.ts';
