import { type FormEvent, useState } from "react";
import { accountsApi } from "../../../core/api/accounts";
import { useApiMutation } from "../../lib/use-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

/** Deleting the account, confirmed with the password; the server says why when it cannot be done yet. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useApiMutation(accountsApi.deleteAccount);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ body: { password } });
      onDeleted();
    } catch (failed) {
      setError(failure(failed, "Failed to delete your account"));
    }
  };
  return (
    <Section
      title="Delete account"
      lead="Your name, email, password, handle and unpaid drafts are removed. Payment and payout records are kept without your name, as the law requires."
    >
      <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
        Delete My Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setError(null);
          }
        }}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error ?? undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={password === ""}>
              Delete Account
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
