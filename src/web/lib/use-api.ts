import {
  MutationObserver,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { BodyOf, Contract, PathParams, QueryOf, ResponseOf } from "../../core/api/contract";
import { fillPath } from "../../core/api/contract";
import { type ApiError, apiFetch } from "./api";
import { randomId } from "./random-id";

export type AnyContract = Contract<unknown, unknown, unknown, string>;
type PathOf<C> = C extends Contract<infer _R, infer _Q, infer _B, infer P> ? P : string;

/** What a call needs besides the contract: path parameters when the path has some, the query when it takes one. */
export type ApiInput<C extends AnyContract> = (keyof PathParams<PathOf<C>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<C>> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query?: QueryOf<C> }) &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body?: BodyOf<C> }) & {
    /** Sent as `Idempotency-Key`: the server does the write once however often it is repeated with this key. */
    idempotencyKey?: string;
  };

/** The address of a call: the contract's path with its parameters, and the query's defined values. */
export function apiUrl<C extends AnyContract>(contract: C, input: ApiInput<C> = {} as ApiInput<C>): string {
  const path = fillPath(contract.path, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls an endpoint through its contract; the answer has the contract's type, a refusal throws `ApiError`. Every write
 * (a DELETE too) carries a JSON body, `{}` when it has nothing to say: the API refuses a body not declared JSON, and a
 * browser's write without one still reaches the server as a body of unknown type.
 */
export function callApi<C extends AnyContract>(contract: C, input: ApiInput<C> = {} as ApiInput<C>) {
  const body = contract.method === "GET" ? undefined : (input.body ?? {});
  return apiFetch<ResponseOf<C>>(apiUrl(contract, input), {
    method: contract.method,
    json: body,
    headers: input.idempotencyKey ? { "Idempotency-Key": input.idempotencyKey } : undefined,
  });
}

/**
 * Query keys derived from contracts: `[path]` for every call of an endpoint, `[path, params, query]` for one, so a
 * mutation can refresh an endpoint's every cached answer by its contract.
 */
export function apiKey<C extends AnyContract>(contract: C, input?: ApiInput<C>): QueryKey {
  return input ? [contract.path, input.params ?? null, input.query ?? null] : [contract.path];
}

type QueryOptions<C extends AnyContract> = Omit<
  UseQueryOptions<ResponseOf<C>, ApiError, ResponseOf<C>>,
  "queryKey" | "queryFn"
>;

/** A query on an endpoint: `useApi(campaignsApi.detail, { params: { id } })`. */
export function useApi<C extends AnyContract>(
  contract: C,
  input: ApiInput<C> = {} as ApiInput<C>,
  options: QueryOptions<C> = {},
) {
  return useQuery<ResponseOf<C>, ApiError>({
    queryKey: apiKey(contract, input),
    queryFn: () => callApi(contract, input),
    ...options,
  });
}

export type WriteOptions<C extends AnyContract> = Omit<
  UseMutationOptions<ResponseOf<C>, ApiError, ApiInput<C>>,
  "mutationFn" | "mutationKey"
> & {
  /** Endpoints whose every cached answer is refetched once the write succeeded. */
  invalidates?: AnyContract[];
};

/**
 * The one write: keyed by its method and endpoint (the local error log tells writes apart by it), sent through its
 * contract, refreshing what it `invalidates` on success. The query client adds the rest to every write: retries by
 * profile, the redo after signing in again, error reports and the error log.
 */
function writeOptions<C extends AnyContract>(
  queryClient: QueryClient,
  contract: C,
  { invalidates = [], onSuccess, ...rest }: WriteOptions<C>,
): UseMutationOptions<ResponseOf<C>, ApiError, ApiInput<C>> {
  return {
    mutationKey: [contract.method, contract.path],
    mutationFn: (input) => callApi(contract, input),
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((other) => queryClient.invalidateQueries({ queryKey: apiKey(other) })));
      await onSuccess?.(...args);
    },
    ...rest,
  };
}

/**
 * A write to an endpoint; on success the endpoints in `invalidates` are refetched wherever they are shown.
 * `mutate({ params, body })`. An `idempotent` write gets a fresh Idempotency-Key per `mutate`, kept by its retries,
 * so a retry after a lost answer (or after signing in again) cannot do it twice.
 */
export function useApiMutation<C extends AnyContract>(
  contract: C,
  options: WriteOptions<C> & { idempotent?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const { idempotent = false, ...rest } = options;
  const mutation = useMutation(writeOptions(queryClient, contract, rest));
  if (!idempotent) return mutation;
  const keyed = (input: ApiInput<C>): ApiInput<C> => ({ ...input, idempotencyKey: input.idempotencyKey ?? randomId() });
  return {
    ...mutation,
    mutate: (input: ApiInput<C>, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(keyed(input), callbacks),
    mutateAsync: (input: ApiInput<C>, callbacks?: Parameters<typeof mutation.mutateAsync>[1]) =>
      mutation.mutateAsync(keyed(input), callbacks),
  };
}

/**
 * useApiMutation's write where the endpoint is chosen at each call (an admin table acts on a row through one of several):
 * `write(contract, input, options)` is the same write, one mutation per call, and answers its result.
 */
export function useApiWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    <C extends AnyContract>(contract: C, input: ApiInput<C>, options: WriteOptions<C> = {}) =>
      new MutationObserver(queryClient, writeOptions(queryClient, contract, options)).mutate(input),
    [queryClient],
  );
}
