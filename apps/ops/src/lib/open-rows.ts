import { useState } from 'react';

/** Which rows of a queue show their details; a click on a row's toggle opens or closes it. */
export function useOpenRows() {
  const [openRows, setOpenRows] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => {
    const next = new Set(openRows);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpenRows(next);
  };
  return { isOpen: (id: number) => openRows.has(id), toggle };
}
