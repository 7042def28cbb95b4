import { useAuthDialog } from "../auth/auth-dialog-context";
import { Button } from "../ui/button";

/** Signed-out header buttons (SPEC.md Header). */
export function HeaderActions({ layout }: { layout: "row" | "column" }) {
  const { openAuth } = useAuthDialog();
  const width = layout === "column" ? "w-full" : undefined;
  return (
    <>
      <Button variant="ghost" className={width} onClick={() => openAuth({ mode: "signup", userType: "artist" })}>
        Start Campaign
      </Button>
      <Button variant="secondary" className={width} onClick={() => openAuth({ mode: "signup", userType: "promoter" })}>
        Join as Promoter
      </Button>
      <Button variant="primary" className={width} onClick={() => openAuth({ mode: "login" })}>
        Sign In
      </Button>
    </>
  );
}
