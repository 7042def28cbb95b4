import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthDialogProvider } from "./components/auth/auth-dialog-context";
import { LazyAuthDialog } from "./components/auth/lazy-auth-dialog";
import { ErrorBoundary } from "./components/errors/error-boundary";
import { Toaster } from "./components/ui/toaster";
import { createQueryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { router } from "./router";

const queryClient = createQueryClient();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthDialogProvider>
          <RouterProvider router={router} />
          <ErrorBoundary layout="dialog">
            <LazyAuthDialog />
          </ErrorBoundary>
          <Toaster />
        </AuthDialogProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
