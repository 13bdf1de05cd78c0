// What the rest of the API uses of this module; the other files are its own (lint: boundaries/api-modules).
export { consumeCode, issueCode } from './codes.ts';
export { identityDeps, usermgmtLink } from './deps.ts';
export { googleRoutes } from './google-routes.ts';
export { invitationMail } from './mails.ts';
export { requestPasswordReset } from './password-reset.ts';
export { identityRoutes } from './routes.ts';
export { openSession } from './sessions.ts';
