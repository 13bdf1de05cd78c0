import type { Case } from './cross-tenant-case.ts';
import type { Tenant } from './tenants.ts';

/** The body adding a box office member to the organisation. */
const newColleague = (t: Tenant) => ({
  full_name: 'New Colleague',
  email: `newcomer-${t.partnerId}@crew.test`,
  roles: [t.roles.boxOffice],
  partner_id: t.partnerId,
});

/** The routes of an organisation itself: its members, profile, documents and payout account. */
export const organisationCases: Record<string, Case> = {
  'GET /api/members': { calls: (o) => [{ url: `/api/members?partner_id=${o.partnerId}` }] },
  'POST /api/members': {
    calls: (o, c) => [
      { url: '/api/members', payload: newColleague(o) },
      // The caller's own new member, who is the owner's admin.
      { url: '/api/members', payload: { ...newColleague(c), user_id: o.adminUserId }, mixed: true },
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
