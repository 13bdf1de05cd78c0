import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Fan } from '@portal/contract';
import { Link } from 'react-router';
import { PagedTable, type Column } from '../../../components/data-table.tsx';
import { PagePicker } from '../../../components/page-picker.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SearchInput, usePagedSearch } from '../../../components/search-input.tsx';
import { countLabel } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { useFans } from '../api/fans.ts';
import { splitName } from '../people.ts';

const PER_PAGE = 20;

const columns: Column<Fan>[] = [
  { key: 'email', header: 'Email', cell: (fan) => fan.email },
  { key: 'first', header: 'First Name', cell: (fan) => splitName(fan.full_name).first },
  { key: 'last', header: 'Last Name', cell: (fan) => splitName(fan.full_name).last },
  {
    key: 'options',
    header: 'Options',
    cell: (fan) => (
      <Anchor component={Link} to={`/fan-history/${fan.ID}`} aria-label={`View ${fan.full_name || fan.email}`}>
        View
      </Anchor>
    ),
  },
];

/** Every fan of the organisation, filtered by name on the server and paged, so 100,000 fans stay quick. */
export function FanDatabasePage() {
  const partnerId = usePartnerId();
  const { text, type, search, page, setPage } = usePagedSearch();
  const fans = useFans(partnerId, { search, page, per_page: PER_PAGE });

  return (
    <Stack>
      <PageTitle>Fan Database</PageTitle>
      <SearchInput label="Filter by fan" placeholder="filter by fan" value={text} onSearch={type} maw={360} />
      <PagedTable
        query={fans}
        loading="Loading fans"
        empty={
          search ? `No fan's name contains "${search}".` : 'No fans yet: buyers appear here after their first purchase.'
        }
        label="Fans"
        columns={columns}
        rowKey={(fan) => fan.ID}
        minWidth={560}
        highlightOnHover
      />
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
