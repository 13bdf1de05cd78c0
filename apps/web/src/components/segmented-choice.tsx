import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';

type Props<T extends string> = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  value: T;
  onChange: (value: T) => void;
  /** Each choice's value and its label, in the order shown. */
  choices: Record<T, string>;
};

/** A segmented control over a fixed set of values: the answer comes back typed, with no cast. */
export function SegmentedChoice<T extends string>({ choices, onChange, ...props }: Props<T>) {
  return (
    <SegmentedControl
      {...props}
      data={Object.entries<string>(choices).map(([value, label]) => ({ value, label }))}
      onChange={(value) => onChange(value as T)}
    />
  );
}
