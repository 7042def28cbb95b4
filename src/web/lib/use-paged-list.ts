import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import type { Contract, QueryOf } from "../../core/api/contract";
import { type ApiInput, useApi } from "./use-api";
import { useDebounced } from "./use-debounced";

/** An endpoint that serves a searchable list a page at a time: `q`, `offset` and `limit` in, a page and the total out. */
type PagedContract = Contract<{ items: unknown[]; total: number }, { q?: string; offset?: number; limit?: number }>;
type Filters<C> = Omit<NonNullable<QueryOf<C>>, "q" | "offset" | "limit">;

/** How long typing must pause before the search box asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A searchable list served a page at a time (the admin console's campaigns and users): the search box's text, the
 * other filters and the page, read as one query. A new search or filter goes back to the first page, and the page
 * shown stays until the next one arrives.
 */
export function usePagedList<C extends PagedContract>(contract: C, pageSize: number, initialFilters: Filters<C>) {
  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState(initialFilters);
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS).trim() || undefined;
  const list = useApi(contract, { query: { ...filters, q, offset, limit: pageSize } } as ApiInput<C>, {
    placeholderData: keepPreviousData,
  });
  return {
    list,
    search,
    filters,
    setSearch: (text: string) => {
      setSearch(text);
      setOffset(0);
    },
    setFilter: <K extends keyof Filters<C>>(key: K, value: Filters<C>[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setOffset(0);
    },
    /** The props of the list's Pager, for the page it shows of `total`. */
    pager: (total: number) => ({ offset, total, pageSize, onChange: setOffset }),
  };
}
