import { lazy, Suspense, useEffect, useState } from "react";
import { useAuthDialog } from "./auth-dialog-context";

const AuthDialog = lazy(() => import("./auth-dialog").then((module) => ({ default: module.AuthDialog })));

/** Loads the auth dialog (and its validation code) the first time someone opens it, keeping it out of the first page load. */
export function LazyAuthDialog() {
  const { request } = useAuthDialog();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (request) setWanted(true);
  }, [request]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
