import type { Case } from './cross-tenant-case.ts';

/** The routes of an organisation itself: its members, profile, documents and payout account. */
export const organisationCases: Record<string, Case> = {
  'GET /api/members': { calls: (o) => [{ url: `/api/members?partner_id=${o.partnerId}` }] },
  'POST /api/members': {
    calls: (o, c) => [
      {
        url: '/api/members',
        payload: {
          full_name: 'New Colleague',
          email: `newcomer-${o.partnerId}@crew.test`,
          roles: [o.roles.boxOffice],
          partner_id: o.partnerId,
        },
      },
      {
        url: '/api/members',
        payload: {
          full_name: 'New Colleague',
          email: `newcomer-${c.partnerId}@crew.test`,
          roles: [c.roles.boxOffice],
          partner_id: c.partnerId,
          user_id: o.adminUserId,
        },
        mixed: true,
      },
    ],
  },
  'PATCH /api/members/:id': {
    calls: (o) => [{ url: `/api/members/${o.spareMemberId}?roles=true`, payload: { roles: [o.roles.boxOffice] } }],
  },
  'GET /api/partners/:id': { calls: (o) => [{ url: `/api/partners/${o.partnerId}` }] },
  'PUT /api/partners/:id': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}`, payload: { primary_color: '#445566' } }],
  },
  'PATCH /api/partners/:id': {
    calls: (o) => [{ url: `/api/partners/${o.partnerId}`, payload: { secondary_royalty: 0.1 } }],
  },
  'GET /api/partners/:id/tos': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/tos` }] },
  'POST /api/partners/:id/tos': {
    calls: (o) => [
      {
        url: `/api/partners/${o.partnerId}/tos?file=false`,
        payload: { file: 'https://terms.example.test/v2.pdf', file_name: 'Terms v2' },
      },
    ],
  },
  'GET /api/partners/:id/stripe_link': { calls: (o) => [{ url: `/api/partners/${o.partnerId}/stripe_link` }] },
};
