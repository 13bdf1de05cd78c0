import { Pagination } from '@mantine/core';

type Props = { total: number; perPage: number; page: number; onChange: (page: number) => void };

/** The pages of a server-paged list, counted from 0 as the API counts them; nothing for a single page. */
export function PagePicker({ total, perPage, page, onChange }: Props) {
  const pages = Math.ceil(total / perPage);
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page + 1}
      onChange={(p) => onChange(p - 1)}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}
