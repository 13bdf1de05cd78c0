import { Alert, Anchor, Center, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagePicker } from '../../../components/page-picker.tsx';
import { countLabel } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useFans } from '../api/fans.ts';
import { splitName } from '../people.ts';

const PER_PAGE = 20;

/** Every fan of the organisation, filtered by name on the server and paged, so 100,000 fans stay quick. */
export function FanDatabasePage() {
  const { partnerId } = useSession();
  const [filter, setFilter] = useState('');
  const [search] = useDebouncedValue(filter.trim(), 250);
  const [page, setPage] = useState(0);
  const fans = useFans(partnerId!, { search, page, per_page: PER_PAGE });

  return (
    <Stack>
      <Title order={1} size="h2">
        Fan Database
      </Title>
      <TextInput
        label="Filter by fan"
        placeholder="filter by fan"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(0);
        }}
        maw={360}
      />
      {fans.isError && <Alert color="red">{fans.error.message}</Alert>}
      {fans.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading fans" />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Fans" aria-busy={fans.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>First Name</Table.Th>
                <Table.Th>Last Name</Table.Th>
                <Table.Th>Options</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fans.data?.data.map((fan) => {
                const { first, last } = splitName(fan.full_name);
                return (
                  <Table.Tr key={fan.ID}>
                    <Table.Td>{fan.email}</Table.Td>
                    <Table.Td>{first}</Table.Td>
                    <Table.Td>{last}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/fan-history/${fan.ID}`}
                        aria-label={`View ${fan.full_name || fan.email}`}
                      >
                        View
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {fans.data?.total === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {search
            ? `No fan's name contains "${search}".`
            : 'No fans yet: buyers appear here after their first purchase.'}
        </Text>
      )}
      {fans.data && fans.data.total > PER_PAGE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {countLabel(fans.data, 'fans')}
          </Text>
          <PagePicker total={fans.data.total} perPage={PER_PAGE} page={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
