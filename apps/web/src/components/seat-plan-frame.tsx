import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode, Ref } from 'react';
import type { bounds } from '../lib/seat-plan.ts';

type Props = {
  /** The map's extent (lib/seat-plan's `bounds`): the stage is drawn above it. */
  box: ReturnType<typeof bounds>;
  /** The drawing's name for assistive technology. */
  label: string;
  svgRef?: Ref<SVGSVGElement>;
  /** Below this width the drawing scrolls sideways instead of shrinking its seats further. */
  minWidth?: number;
  touchAction?: CSSProperties['touchAction'];
  children: ReactNode;
};

/** A seat map drawn as SVG in a bordered box that scrolls, the stage above the seats. */
export function SeatPlanFrame({ box, label, svgRef, minWidth = 360, touchAction, children }: Props) {
  return (
    <Box style={{ overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <svg
        ref={svgRef}
        role="group"
        aria-label={label}
        viewBox={`${box.x} ${box.y - 3} ${box.width} ${box.height + 3}`}
        style={{ display: 'block', width: '100%', minWidth, maxHeight: '70vh', touchAction }}
      >
        <rect
          x={box.x + box.width * 0.2}
          y={box.y - 2.6}
          width={box.width * 0.6}
          height={1.4}
          rx={0.3}
          fill="#dee2e6"
        />
        <text x={box.x + box.width / 2} y={box.y - 1.6} fontSize={0.8} textAnchor="middle" fill="#495057">
          Stage
        </text>
        {children}
      </svg>
    </Box>
  );
}

/** The ring around a chosen seat (dark) or the one the keyboard is on (yellow), in either drawing. */
export function SeatRing({ x, y, chosen }: { x: number; y: number; chosen: boolean }) {
  return <circle cx={x} cy={y} r={0.52} fill="none" stroke={chosen ? '#212529' : '#fab005'} strokeWidth={0.12} />;
}

/** A section's name, above its top-left corner. */
export function SectionName({ name }: { name: string }) {
  return (
    <text x={-1.2} y={-1} fontSize={0.8} fontWeight={700} fill="#212529">
      {name}
    </text>
  );
}

type RowLabelProps = {
  section: string;
  row: { label: string; seats: readonly { x: number; y: number }[] };
  /** Whether the label is a tab stop of its own. */
  focusable: boolean;
  onChoose: () => void;
};

/** A row's label, left of its first seat: clicked, or Enter or Space on it, chooses the row's seats. */
export function RowLabel({ section, row, focusable, onChoose }: RowLabelProps) {
  return (
    <text
      role="button"
      tabIndex={focusable ? 0 : -1}
      aria-label={`Row ${row.label} of ${section}: choose its seats`}
      x={Math.min(...row.seats.map((s) => s.x)) - 1}
      y={(row.seats[0]?.y ?? 0) + 0.25}
      fontSize={0.6}
      textAnchor="end"
      fill="#495057"
      style={{ cursor: 'pointer' }}
      onClick={onChoose}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onChoose();
      }}
    >
      {row.label}
    </text>
  );
}
