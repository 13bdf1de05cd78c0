/** Fixed loopback ports of the browser tests' servers. */
export const ports = {
  portal: Number(process.env.E2E_PORT ?? 3100),
  smtp: Number(process.env.E2E_SMTP_PORT ?? 3125),
  mailbox: Number(process.env.E2E_MAILBOX_PORT ?? 3126),
  oidc: Number(process.env.E2E_OIDC_PORT ?? 3127),
};

export const oidcClient = { id: 'portal-e2e', secret: 'portal-e2e-secret' };
