import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "../query-client";

// React warns about updates outside `act` unless told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ run }: { run: () => void }) {
  run();
  return null;
}

/**
 * Renders a hook in a DOM of its own (a test file under `// @vitest-environment happy-dom`), inside the app's query
 * client: `result.current` is its latest answer.
 */
export function renderHook<T>(hook: () => T, queryClient = createQueryClient()) {
  const result = { current: undefined as T };
  const root = createRoot(document.createElement("div"));
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe
          run={() => {
            result.current = hook();
          }}
        />
      </QueryClientProvider>,
    ),
  );
  return { result, queryClient, unmount: () => act(() => root.unmount()) };
}
