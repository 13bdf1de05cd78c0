import { Button, Card, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { fromWallClock, toWallClock } from '@portal/contract';
import { useMemo } from 'react';
import { DateTimeInput } from '../../../components/date-time-input.tsx';
import { RemoveButton } from '../../../components/remove-button.tsx';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { addLocalDays, fromParts, toParts } from '../../../lib/date-parts.ts';
import { timeZoneOptions } from '../../../lib/format.ts';
import type { DayDraft, SlotDraft } from './state.ts';
import type { StepProps } from './step-props.ts';

/** A new zone keeps every time as the clock shows it (an 8 pm show stays at 8 pm), as the server does. */
function inZone(state: StepProps['state'], timeZone: string) {
  const move = (iso: string) => fromWallClock(toWallClock(new Date(iso), state.timeZone), timeZone).toISOString();
  return {
    timeZone,
    days: state.days.map((d) => ({ ...d, start: move(d.start), end: move(d.end) })),
    slots: state.slots.map((s) => ({ ...s, start: move(s.start), end: move(s.end) })),
    onSale: move(state.onSale),
  };
}

/** The same date as `dateOf`, at the wall-clock time of `timeOf`, in the event's zone. */
function withDateOf(timeOf: string, dateOf: string, tz: string) {
  const t = toParts(timeOf, tz);
  const d = toParts(dateOf, tz);
  return fromParts({ ...t, year: d.year, month: d.month, day: d.day }, tz);
}

export function SchedulingStep({ state, update, errors }: StepProps) {
  const zones = useMemo(() => timeZoneOptions(state.timeZone), [state.timeZone]);
  const tz = state.timeZone;
  const custom = state.kind === 'custom';
  const multiday = custom && state.multiday;
  const days = multiday ? state.days : state.days.slice(0, 1);
  const setDay = (i: number, day: DayDraft) => update({ days: state.days.map((d, j) => (j === i ? day : d)) });
  const setSlot = (i: number, change: Partial<SlotDraft>) =>
    update({ slots: state.slots.map((s, j) => (j === i ? { ...s, ...change } : s)) });
  const changeStart = (i: number, start: string) => {
    const day = state.days[i]!;
    setDay(i, { ...day, start, end: day.sameAsStart ? withDateOf(day.end, start, tz) : day.end });
  };
  const addDay = () => {
    const last = state.days[state.days.length - 1]!;
    const next = (iso: string) => addLocalDays(iso, 1, tz);
    update({ days: [...state.days, { start: next(last.start), end: next(last.end), sameAsStart: last.sameAsStart }] });
  };
  const sameTimesForAll = () => {
    const first = state.days[0]!;
    update({
      days: state.days.map((d, i) =>
        i === 0 ? d : { ...d, start: withDateOf(first.start, d.start, tz), end: withDateOf(first.end, d.end, tz) },
      ),
    });
  };
  const slotDate = state.slots[0]!.start;
  // Every slot is on the first slot's date: only its time is chosen.
  const slotTime = (i: number, edge: 'start' | 'end') => (
    <DateTimeInput
      label={`Slot ${i + 1} ${edge}`}
      value={state.slots[i]![edge]}
      timeZone={tz}
      withDate={false}
      onChange={(iso) => setSlot(i, { [edge]: withDateOf(iso, slotDate, tz) })}
    />
  );

  return (
    <Stack>
      <SegmentedChoice
        w="fit-content"
        value={state.kind}
        onChange={(kind) => update({ kind })}
        choices={{ standard: 'Standard (single day)', custom: 'Custom' }}
      />
      {custom && (
        <Group>
          <Switch
            label="Multiday"
            checked={state.multiday}
            onChange={(e) =>
              update(
                e.currentTarget.checked ? { multiday: true, timeslots: false, recurring: false } : { multiday: false },
              )
            }
          />
          <Switch
            label="Timeslots"
            checked={state.timeslots}
            onChange={(e) =>
              update(e.currentTarget.checked ? { timeslots: true, multiday: false } : { timeslots: false })
            }
          />
          <Switch
            label="Recurring"
            checked={state.recurring}
            disabled={state.multiday}
            onChange={(e) => update({ recurring: e.currentTarget.checked })}
          />
        </Group>
      )}
      <Select
        label="Time zone"
        required
        searchable
        data={zones}
        value={tz}
        error={errors.timeZone ? true : undefined}
        onChange={(v) => v && update(inZone(state, v))}
      />
      {custom && state.timeslots ? (
        <Stack>
          <DateTimeInput
            label="Date of the slots"
            value={slotDate}
            timeZone={tz}
            withTime={false}
            onChange={(iso) =>
              update({
                slots: state.slots.map((s) => ({
                  ...s,
                  start: withDateOf(s.start, iso, tz),
                  end: withDateOf(s.end, iso, tz),
                })),
              })
            }
          />
          {state.slots.map((slot, i) => (
            <Card key={i} withBorder padding="sm">
              <Group align="flex-end" wrap="wrap">
                {slotTime(i, 'start')}
                {slotTime(i, 'end')}
                <NumberInput
                  label={`Slot ${i + 1} tickets`}
                  min={1}
                  w={110}
                  allowDecimal={false}
                  value={slot.quantity}
                  onChange={(v) => setSlot(i, { quantity: typeof v === 'number' ? Math.max(1, v) : '' })}
                />
                {i > 0 && (
                  <RemoveButton
                    label={`Remove slot ${i + 1}`}
                    onClick={() => update({ slots: state.slots.filter((_, j) => j !== i) })}
                  />
                )}
              </Group>
            </Card>
          ))}
          <Button
            variant="light"
            w="fit-content"
            onClick={() => {
              const last = state.slots[state.slots.length - 1]!;
              const length = new Date(last.end).getTime() - new Date(last.start).getTime();
              update({
                slots: [
                  ...state.slots,
                  {
                    start: last.end,
                    end: new Date(new Date(last.end).getTime() + length).toISOString(),
                    quantity: last.quantity,
                  },
                ],
              });
            }}
          >
            Add slot
          </Button>
        </Stack>
      ) : (
        <Stack>
          {days.map((day, i) => (
            <Card key={i} withBorder padding="sm">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{multiday ? `Day ${i + 1}` : 'Date and time'}</Text>
                  {i > 0 && (
                    <RemoveButton
                      label={`Remove day ${i + 1}`}
                      onClick={() => update({ days: state.days.filter((_, j) => j !== i) })}
                    />
                  )}
                </Group>
                <DateTimeInput
                  label={`Day ${i + 1} start`}
                  value={day.start}
                  timeZone={tz}
                  onChange={(iso) => changeStart(i, iso)}
                />
                <Switch
                  label="Same as start date"
                  checked={day.sameAsStart}
                  onChange={(e) =>
                    setDay(i, {
                      ...day,
                      sameAsStart: e.currentTarget.checked,
                      end: e.currentTarget.checked ? withDateOf(day.end, day.start, tz) : day.end,
                    })
                  }
                />
                <DateTimeInput
                  label={`Day ${i + 1} end`}
                  value={day.end}
                  timeZone={tz}
                  withDate={!day.sameAsStart}
                  error={typeof errors[`day${i}`] === 'string' ? (errors[`day${i}`] as string) : undefined}
                  onChange={(iso) => setDay(i, { ...day, end: day.sameAsStart ? withDateOf(iso, day.start, tz) : iso })}
                />
              </Stack>
            </Card>
          ))}
          {multiday && (
            <Group>
              <Button variant="light" onClick={addDay}>
                Add day
              </Button>
              {state.days.length > 1 && (
                <Button variant="subtle" onClick={sameTimesForAll}>
                  Apply same start/end time for all days
                </Button>
              )}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            Times are in {tz} ({toWallClock(new Date(), tz).toISOString().slice(11, 16)} there now).
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
