// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { forgetOldAttempts, peekAttempt, purchaseKey } from './attempts.ts';
export { sendQueuedConfirmations } from './confirmations.ts';
export { newTicketCode, recordSale } from './record-sale.ts';
export { onSaleCondition } from './catalogue.ts';
export { checkoutRoutes } from './routes.ts';
export { createStockMemo, type StockMemo } from './stock-memo.ts';
