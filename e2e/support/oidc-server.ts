import Provider from 'oidc-provider';
import { oidcClient, ports } from './ports.ts';

// A local OpenID Connect provider standing in for Google: its login page accepts any login, and the
// login typed there is the account's e-mail address.
const provider = new Provider(`http://localhost:${ports.oidc}`, {
  clients: [
    {
      client_id: oidcClient.id,
      client_secret: oidcClient.secret,
      redirect_uris: [`http://localhost:${ports.portal}/api/identity/google/callback`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['portal-e2e-cookie-key'] },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: `local|${id}`, email: id, email_verified: true, name: id }),
  }),
});
provider.listen(ports.oidc, () => console.log(`oidc provider on ${ports.oidc}`));
