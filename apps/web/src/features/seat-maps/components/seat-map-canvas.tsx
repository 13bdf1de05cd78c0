import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { RowLabel, SeatPlanFrame, SeatRing, SectionName } from '../../../components/seat-plan-frame.tsx';
import { useSeatFocus } from '../../../components/use-seat-focus.ts';
import { bounds } from '../../../lib/seat-plan.ts';
import type { DraftCategory, DraftSection, DraftSeat } from '../layout.ts';

type Props = {
  sections: DraftSection[];
  categories: DraftCategory[];
  selected: ReadonlySet<string>;
  /** Adds the seats to the selection, or takes them out when all of them are in it already. */
  onToggle: (keys: string[]) => void;
  /** `gesture` names one drag or one run of key presses, so Undo takes it back whole. */
  onMoveSection: (key: string, x: number, y: number, gesture: string) => void;
};

const snap = (n: number) => Math.round(n * 2) / 2;
const seatName = (section: DraftSection, row: string, seat: DraftSeat, category = '') =>
  `${section.name}, row ${row}, seat ${seat.label}, ${category}${seat.accessible ? ', accessible' : ''}`;

/**
 * The map drawn as SVG, the stage above it. Seats are one tab stop: arrow keys move between them and
 * Space chooses one; a row's label chooses the row. A section is dragged by its name, or moved with
 * the arrow keys once its name has the focus; a click on its name chooses all its seats.
 */
export function SeatMapCanvas({ sections, categories, selected, onToggle, onMoveSection }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  // While a section moves the view holds the box it had, else the drawing would slide away under the pointer.
  const [drag, setDrag] = useState<{
    key: string;
    dx: number;
    dy: number;
    moved: boolean;
    box: ReturnType<typeof bounds>;
    started: number;
  } | null>(null);
  const { seatProps, showsFocus } = useSeatFocus(sections, svg, (key) => onToggle([key]));
  const box = drag?.box ?? bounds(sections);
  const categoryOf = new Map(categories.map((c) => [c.key, c]));

  const toUnits = (clientX: number, clientY: number) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };
  const startDrag = (section: DraftSection) => (event: PointerEvent<SVGGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = toUnits(event.clientX, event.clientY);
    setDrag({
      key: section.key,
      dx: at.x - section.x,
      dy: at.y - section.y,
      moved: false,
      box,
      started: event.timeStamp,
    });
  };
  const moveDrag = (section: DraftSection) => (event: PointerEvent<SVGGElement>) => {
    if (!drag) return;
    const at = toUnits(event.clientX, event.clientY);
    const [x, y] = [snap(at.x - drag.dx), snap(at.y - drag.dy)];
    // A hand that trembles on a click has not moved the section.
    if (x === section.x && y === section.y) return;
    onMoveSection(drag.key, x, y, `drag ${drag.started}`);
    if (!drag.moved) setDrag({ ...drag, moved: true });
  };
  const endDrag = (section: DraftSection) => () => {
    if (drag && !drag.moved) onToggle(section.rows.flatMap((r) => r.seats.map((s) => s.key)));
    setDrag(null);
  };
  const nudge = (section: DraftSection) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? 5 : 0.5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMoveSection(section.key, section.x + move[0], section.y + move[1], `keys ${section.key}`);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle(section.rows.flatMap((r) => r.seats.map((s) => s.key)));
    }
  };
  return (
    <SeatPlanFrame box={box} label="Seat map" svgRef={svg} touchAction="none">
      {sections.map((section) => (
        <g key={section.key} transform={`translate(${section.x} ${section.y})`}>
          <g
            role="button"
            tabIndex={0}
            aria-label={`Section ${section.name}: drag or use the arrow keys to move it, Enter to choose its seats`}
            style={{ cursor: drag?.key === section.key ? 'grabbing' : 'grab' }}
            onPointerDown={startDrag(section)}
            onPointerMove={moveDrag(section)}
            onPointerUp={endDrag(section)}
            onPointerCancel={() => setDrag(null)}
            onLostPointerCapture={() => setDrag(null)}
            onKeyDown={nudge(section)}
          >
            <SectionName name={section.name} />
          </g>
          {section.rows.map((row) => (
            <g key={row.label}>
              <RowLabel
                section={section.name}
                row={row}
                focusable
                onChoose={() => onToggle(row.seats.map((s) => s.key))}
              />
              {row.seats.map((seat) => {
                const chosen = selected.has(seat.key);
                const category = categoryOf.get(seat.category);
                const fill = category?.color ?? '#adb5bd';
                return (
                  <g
                    key={seat.key}
                    {...seatProps(seat.key)}
                    role="checkbox"
                    aria-checked={chosen}
                    aria-label={seatName(section, row.label, seat, category?.name)}
                    style={{ cursor: 'pointer', outline: 'none' }}
                    onClick={() => onToggle([seat.key])}
                  >
                    {seat.accessible ? (
                      <rect x={seat.x - 0.4} y={seat.y - 0.4} width={0.8} height={0.8} rx={0.15} fill={fill} />
                    ) : (
                      <circle cx={seat.x} cy={seat.y} r={0.4} fill={fill} />
                    )}
                    {(chosen || showsFocus(seat.key)) && <SeatRing x={seat.x} y={seat.y} chosen={chosen} />}
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
