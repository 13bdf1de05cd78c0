import { Anchor, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { SeatMapSummary } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { formatNoteDate } from '../../../lib/format.ts';
import { notifyNotSaved } from '../../../lib/notify.ts';
import { useSeatMaps } from '../../../api/seat-maps.ts';
import { useDeleteSeatMap } from '../api/seat-maps.ts';

/** /event-list/seat-maps: the organization's seat maps, each opening in the editor. */
export function SeatMapsPage() {
  const maps = useSeatMaps();
  const remove = useDeleteSeatMap();
  const [deleting, setDeleting] = useState<SeatMapSummary | null>(null);

  const columns: Column<SeatMapSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (m) => (
        <Anchor component={Link} to={`/event-list/seat-maps/${m.ID}`}>
          {m.name}
        </Anchor>
      ),
    },
    { key: 'venue', header: 'Venue', cell: (m) => m.venue },
    { key: 'seats', header: 'Seats', numeric: true, cell: (m) => m.seat_count.toLocaleString('en-US') },
    { key: 'updated', header: 'Last changed', cell: (m) => formatNoteDate(m.updated_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (m) => (
        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(m)} aria-label={`Delete ${m.name}`}>
          Delete
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>Seat maps</PageTitle>
        <Button component={Link} to="/event-list/seat-maps/new">
          New seat map
        </Button>
      </Group>
      <QueryBoundary
        query={maps}
        loading="Loading seat maps"
        empty={{
          text: 'No seat maps yet. A seat map lets buyers choose their seats: draw one for each hall you sell.',
        }}
      >
        {(rows) => <DataTable label="Seat maps" columns={columns} rows={rows} rowKey={(m) => m.ID} minWidth={560} />}
      </QueryBoundary>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this seat map?" centered>
        <Stack>
          <Text>
            {deleting?.name} at {deleting?.venue} and its {deleting?.seat_count.toLocaleString('en-US')} seats will be
            deleted. This cannot be undone.
          </Text>
          <DialogActions
            cancel="Keep it"
            onCancel={() => setDeleting(null)}
            confirm="Delete seat map"
            danger
            loading={remove.isPending}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.ID, {
                onSuccess: () => setDeleting(null),
                onError: (error) => notifyNotSaved(error, 'Not deleted'),
              })
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
