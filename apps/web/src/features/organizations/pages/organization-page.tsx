import { Alert, SimpleGrid, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { useCurrentUser } from '../api/get-current-user.ts';
import { useLoginPartner } from '../api/login-partner.ts';
import { PartnerTile } from '../components/partner-tile.tsx';

export function OrganizationPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const loginPartner = useLoginPartner();

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Select an organization
      </Title>
      {/* A user without an organization is on the way to /login (useCurrentUser), so shows nothing. */}
      <QueryBoundary query={user} loading="Loading organizations">
        {(me) =>
          me && (
            <>
              {loginPartner.isError && (
                <Alert color="red" mb="md">
                  {loginPartner.error.message}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {me.Partners.map((partner) => (
                  <PartnerTile
                    key={partner.ID}
                    partner={partner}
                    disabled={loginPartner.isPending}
                    onChoose={(p) => loginPartner.mutate(p, { onSuccess: () => void navigate('/event-list') })}
                  />
                ))}
              </SimpleGrid>
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
