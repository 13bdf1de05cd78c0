import { Accordion, Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { seatMapInputSchema } from '@portal/contract';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useSeatMap } from '../../../api/seat-maps.ts';
import { toggledAll } from '../../../lib/seat-plan.ts';
import { useSaveSeatMap } from '../api/seat-maps.ts';
import { AddSection } from '../components/add-section.tsx';
import { CategoriesEditor } from '../components/categories-editor.tsx';
import { SeatMapCanvas } from '../components/seat-map-canvas.tsx';
import { SectionSettings } from '../components/section-settings.tsx';
import { SelectionTools } from '../components/selection-tools.tsx';
import { changeSeats, draftOf, emptyDraft, inputOf, seatCount, withPlannedSection, type Draft } from '../layout.ts';
import { useDraftHistory } from '../use-draft-history.ts';

/** /event-list/seat-maps/new and /event-list/seat-maps/:id: the editor, on a new map or a saved one. */
export function SeatMapEditorPage() {
  const { id } = useParams();
  const mapId = id === undefined ? null : Number(id);
  const map = useSeatMap(mapId);
  if (mapId === null) return <SeatMapEditor id={null} revision={undefined} initial={emptyDraft()} />;
  return (
    <QueryBoundary query={map} loading="Loading the seat map">
      {(data) => <SeatMapEditor key={data.ID} id={data.ID} revision={data.revision} initial={draftOf(data)} />}
    </QueryBoundary>
  );
}

function SeatMapEditor({
  id,
  revision: loaded,
  initial,
}: {
  id: number | null;
  /** The save the editor started from: saving over a later one is refused (someone else saved). */
  revision: number | undefined;
  initial: Draft;
}) {
  const navigate = useNavigate();
  const [revision, setRevision] = useState(loaded);
  const history = useDraftHistory(initial);
  const { draft, change } = history;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSeatMap(id);
  const guard = useUnsavedChanges(history.dirty, 'the seat map you are editing');

  // Seats an undo or a deleted section took away are no longer chosen.
  const existing = new Set(draft.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => seat.key))));
  const chosen: ReadonlySet<string> = new Set([...selected].filter((key) => existing.has(key)));

  const seatsIn = new Map<string, number>();
  for (const s of draft.sections)
    for (const r of s.rows)
      for (const seat of r.seats) seatsIn.set(seat.category, (seatsIn.get(seat.category) ?? 0) + 1);

  const toggle = (keys: string[]) => setSelected((current) => toggledAll(current, keys));
  const onChosen = (update: Parameters<typeof changeSeats>[2]) => change((d) => changeSeats(d, chosen, update));

  const submit = () => {
    const input = { ...inputOf(draft), revision };
    const checked = seatMapInputSchema.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'The seat map is not complete.');
      return;
    }
    setProblem(null);
    const submitted = draft;
    save.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: 'Seat map saved' });
        if (id === null) {
          guard.release();
          void navigate(`/event-list/seat-maps/${saved.ID}`, { replace: true });
        } else {
          setRevision(saved.revision);
          history.afterSave(submitted, saved);
        }
      },
      onError: (error) => setProblem(error.message),
    });
  };

  // The map's name and its venue's, each undone as one step however many letters it took.
  const nameField = (field: 'name' | 'venue', label: string) => (
    <TextInput
      label={label}
      required
      value={draft[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        change((d) => ({ ...d, [field]: value }), field);
      }}
    />
  );
  const count = seatCount(draft);
  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>{id === null ? 'New seat map' : draft.name || 'Seat map'}</PageTitle>
        <Group gap="xs">
          <Button variant="default" disabled={!history.canUndo} onClick={history.undo}>
            Undo
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save seat map
          </Button>
        </Group>
      </Group>
      {problem && (
        <Alert color="red" title="Not saved">
          {problem}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {nameField('name', 'Name')}
        {nameField('venue', 'Venue')}
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Text size="sm" c="dimmed" mb="xs">
            {count} seats in {draft.sections.length} {draft.sections.length === 1 ? 'section' : 'sections'}
          </Text>
          {draft.sections.length === 0 ? (
            <Paper withBorder p="lg" c="dimmed">
              Add a section to start: a block of rows of seats, lettered and numbered for you.
            </Paper>
          ) : (
            <SeatMapCanvas
              sections={draft.sections}
              categories={draft.categories}
              selected={chosen}
              onToggle={toggle}
              onMoveSection={(key, x, y, gesture) =>
                change(
                  (d) => ({ ...d, sections: d.sections.map((s) => (s.key === key ? { ...s, x, y } : s)) }),
                  gesture,
                )
              }
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Accordion multiple defaultValue={['chosen', 'add']} variant="separated">
            <Accordion.Item value="chosen">
              <Accordion.Control>Chosen seats</Accordion.Control>
              <Accordion.Panel>
                <SelectionTools
                  count={chosen.size}
                  categories={draft.categories}
                  onCategory={(category) => onChosen((seat) => ({ ...seat, category }))}
                  onAccessible={(accessible) => onChosen((seat) => ({ ...seat, accessible }))}
                  onRemove={() => {
                    onChosen(() => null);
                    setSelected(new Set());
                  }}
                  onClear={() => setSelected(new Set())}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="add">
              <Accordion.Control>Add a section</Accordion.Control>
              <Accordion.Panel>
                <AddSection
                  categories={draft.categories.map((c) => ({ value: c.key, label: c.name }))}
                  takenNames={draft.sections.map((s) => s.name)}
                  onAdd={(plan) => change((d) => withPlannedSection(d, plan))}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="sections">
              <Accordion.Control>Sections</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="lg">
                  {draft.sections.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No sections yet.
                    </Text>
                  )}
                  {draft.sections.map((section) => (
                    <SectionSettings
                      key={section.key}
                      section={section}
                      onChange={(next, typing) =>
                        change(
                          (d) => ({ ...d, sections: d.sections.map((s) => (s.key === section.key ? next : s)) }),
                          typing ? `name ${section.key}` : '',
                        )
                      }
                      onDelete={() =>
                        change((d) => ({ ...d, sections: d.sections.filter((s) => s.key !== section.key) }))
                      }
                    />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="categories">
              <Accordion.Control>Categories</Accordion.Control>
              <Accordion.Panel>
                <CategoriesEditor
                  categories={draft.categories}
                  seatsIn={seatsIn}
                  onChange={(categories) => change((d) => ({ ...d, categories }), 'categories')}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
