import { Alert, Center, Loader, SimpleGrid, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../api/get-current-user.ts';
import { useLoginPartner } from '../api/login-partner.ts';
import { PartnerTile } from '../components/partner-tile.tsx';

export function OrganizationPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const loginPartner = useLoginPartner();
  const partners = user.data?.Partners;

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Select an organization
      </Title>
      {user.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading organizations" />
        </Center>
      )}
      {user.isError && <Alert color="red">{user.error.message}</Alert>}
      {loginPartner.isError && (
        <Alert color="red" mb="md">
          {loginPartner.error.message}
        </Alert>
      )}
      {partners && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {partners.map((partner) => (
            <PartnerTile
              key={partner.ID}
              partner={partner}
              disabled={loginPartner.isPending}
              onChoose={(p) => loginPartner.mutate(p, { onSuccess: () => void navigate('/event-list') })}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
