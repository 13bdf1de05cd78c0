export { createTicketPasses, type TicketPasses } from './passes.ts';
export { holderTicketPdf, sendTicketPdf, ticketPdfResponse } from './holder-pdf.ts';
