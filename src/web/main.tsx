import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AuthDialogProvider } from "./components/auth/auth-dialog-context";
import { LazyAuthDialog } from "./components/auth/lazy-auth-dialog";
import { Toaster } from "./components/ui/toaster";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>
        <RouterProvider router={router} />
        <LazyAuthDialog />
        <Toaster />
      </AuthDialogProvider>
    </QueryClientProvider>
  </StrictMode>,
);
