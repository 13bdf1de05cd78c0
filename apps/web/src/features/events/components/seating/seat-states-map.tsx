import { Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { RowLabel, SeatPlanFrame, SeatRing, SectionName } from '../../../../components/seat-plan-frame.tsx';
import { useSeatFocus } from '../../../../components/use-seat-focus.ts';
import { bounds } from '../../../../lib/seat-plan.ts';
import { isChoosable, seatStateName, type SeatState, type StateSeat, type StateSection } from '../../seating.ts';

/** Each state has its own fill and its own mark, so none is told by colour alone. */
const looks: Record<SeatState, { fill: string; mark: string; legend: string }> = {
  free: { fill: '#ffffff', mark: '', legend: 'Free' },
  sold: { fill: '#343a40', mark: '#ffffff', legend: 'Sold' },
  reserved: { fill: '#ffd43b', mark: '#212529', legend: 'Reserved: a buyer is paying' },
  held: { fill: '#9c36b5', mark: '#ffffff', legend: 'Held back' },
};

/** One seat at (x, y): round, or square when accessible; free ones ringed in their category's colour. */
function SeatGlyph({
  x,
  y,
  state,
  ring,
  accessible,
}: {
  x: number;
  y: number;
  state: SeatState;
  ring: string;
  accessible: boolean;
}) {
  const { fill, mark } = looks[state];
  const outline = { fill, stroke: state === 'free' ? ring : fill, strokeWidth: 0.12 };
  return (
    <>
      {accessible ? (
        <rect x={x - 0.36} y={y - 0.36} width={0.72} height={0.72} rx={0.12} {...outline} />
      ) : (
        <circle cx={x} cy={y} r={0.36} {...outline} />
      )}
      {state === 'sold' && (
        <path
          d={`M${x - 0.18} ${y - 0.18}L${x + 0.18} ${y + 0.18}M${x + 0.18} ${y - 0.18}L${x - 0.18} ${y + 0.18}`}
          stroke={mark}
          strokeWidth={0.1}
        />
      )}
      {state === 'reserved' && <circle cx={x} cy={y} r={0.11} fill={mark} />}
      {state === 'held' && <path d={`M${x - 0.2} ${y}H${x + 0.2}`} stroke={mark} strokeWidth={0.12} />}
    </>
  );
}

/** What each seat's look means, in words beside the look itself. */
export function SeatLegend() {
  return (
    <Group gap="md" role="list" aria-label="What the seats show">
      {(Object.keys(looks) as SeatState[]).map((state) => (
        <Group key={state} gap={6} role="listitem" wrap="nowrap">
          <svg viewBox="-0.5 -0.5 1 1" width={18} height={18} aria-hidden="true">
            <SeatGlyph x={0} y={0} state={state} ring="#868e96" accessible={false} />
          </svg>
          <Text size="sm">{looks[state].legend}</Text>
        </Group>
      ))}
    </Group>
  );
}

type Props = {
  sections: StateSection[];
  /** Category colours by name. */
  colours: ReadonlyMap<string, string>;
  chosen: ReadonlySet<number>;
  /** A click on a seat, or on a row's label for all its seats. */
  onToggle: (seats: StateSeat[]) => void;
};

/**
 * A day's seats drawn read-only: each seat's state, the chosen ones ringed. Seats are one tab stop
 * (arrow keys, Home and End move between them, Space chooses one); a sold or reserved seat cannot be chosen.
 */
export function SeatStatesMap({ sections, colours, chosen, onToggle }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const seatById = new Map(sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => [seat.key, seat]))));
  const { seatProps, showsFocus } = useSeatFocus(sections, svg, (key) => onToggle([seatById.get(key)!]));

  return (
    <SeatPlanFrame box={bounds(sections)} label="Seats on the map" svgRef={svg} minWidth={300}>
      {sections.map((section) => (
        <g key={section.key} transform={`translate(${section.x} ${section.y})`}>
          <SectionName name={section.name} />
          {section.rows.map((row) => (
            <g key={row.label}>
              {/* Not a tab stop: a hall has hundreds of rows, and the seats are one tab stop already. */}
              <RowLabel section={section.name} row={row} focusable={false} onChoose={() => onToggle(row.seats)} />
              {row.seats.map((seat) => {
                const choosable = isChoosable(seat.state);
                const isChosen = chosen.has(seat.ID);
                return (
                  <g
                    key={seat.key}
                    {...seatProps(seat.key)}
                    role="checkbox"
                    aria-checked={isChosen}
                    aria-disabled={!choosable}
                    aria-label={seatStateName(section.name, row.label, seat)}
                    style={{ cursor: choosable ? 'pointer' : 'default', outline: 'none' }}
                    onClick={() => onToggle([seat])}
                  >
                    <title>{seatStateName(section.name, row.label, seat)}</title>
                    <SeatGlyph
                      x={seat.x}
                      y={seat.y}
                      state={seat.state}
                      ring={colours.get(seat.category) ?? '#868e96'}
                      accessible={seat.accessible}
                    />
                    {(isChosen || showsFocus(seat.key)) && <SeatRing x={seat.x} y={seat.y} chosen={isChosen} />}
                  </g>
                );
              })}
            </g>
          ))}
        </g>
      ))}
    </SeatPlanFrame>
  );
}
