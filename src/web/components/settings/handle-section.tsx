import { type Account, accountsApi } from "../../../core/api/accounts";
import { handleChangeSchema, handleRuleText } from "../../../core/auth-rules";
import { useRefreshAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

/** The handle others see on the leaderboards. */
export function HandleSection({ account }: { account: Account }) {
  const refresh = useRefreshAccount();
  const current = account.promoter?.handle ?? null;
  const form = useZodForm({ schema: handleChangeSchema, initial: { handle: current ?? "" } });
  const save = useApiMutation(accountsApi.changeHandle);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      await refresh();
      toast.success(`You now appear as @${body.handle}`);
    } catch (error) {
      if (!form.showServerErrors(error)) form.setErrors({ handle: failure(error, "Failed to change your handle") });
    }
  });
  return (
    <Section
      title="Leaderboard handle"
      lead={current ? `You appear as @${current} on the leaderboards.` : "Choose how you appear on the leaderboards."}
    >
      <form ref={form.formRef} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <TextField label="Handle" hint={handleRuleText} autoComplete="username" {...form.field("handle")} />
        </div>
        <Button type="submit" className="sm:mt-7" loading={save.isPending}>
          Save Handle
        </Button>
      </form>
    </Section>
  );
}
