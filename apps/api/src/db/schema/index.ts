export * from './identity.ts';
export * from './partners.ts';
export * from './events.ts';
export * from './promo-codes.ts';
export * from './commerce.ts';
export * from './fans.ts';
export * from './system.ts';
