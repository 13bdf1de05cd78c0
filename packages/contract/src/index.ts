export * from './envelope.ts';
export * from './common.ts';
export * from './messages.ts';
export * from './identity.ts';
export * from './users.ts';
export * from './partners.ts';
export * from './members.ts';
export * from './events.ts';
