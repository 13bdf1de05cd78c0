import { Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert.tsx';

/** A named spinner while something is read; the name is for assistive technology: "Loading events". */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/**
 * What a page shows for data it reads: a named spinner while it loads, the error in plain words if it
 * could not be read, `empty` when the answer holds nothing, and otherwise the children drawn from it.
 */
export function QueryBoundary<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for assistive technology: "Loading events". */
  loading: string;
  /** Shown instead of the children when `isEmpty` holds (by default, for an empty list). */
  empty?: { text: ReactNode; isEmpty?: (data: T) => boolean };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  const failed = <FailureAlert error={query.error} />;
  // A list read again that fails keeps what it had: the error shows above it.
  if (query.data === undefined) return failed;
  const isEmpty = empty?.isEmpty ?? ((data: T) => Array.isArray(data) && data.length === 0);
  const shown =
    empty && isEmpty(query.data) ? (
      typeof empty.text === 'string' ? (
        <Text c="dimmed">{empty.text}</Text>
      ) : (
        empty.text
      )
    ) : (
      children(query.data)
    );
  return (
    <>
      {failed}
      {shown}
    </>
  );
}
