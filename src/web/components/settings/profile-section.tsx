import { type Account, accountsApi } from "../../../core/api/accounts";
import { profileUpdateSchema } from "../../../core/auth-rules";
import { useRefreshAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { useZodForm } from "../../lib/use-zod-form";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { failure, Section } from "./section";

/** Name fields, under the sign-up rules. */
export function ProfileSection({ account }: { account: Account }) {
  const artist = account.user.user_type === "artist";
  const refresh = useRefreshAccount();
  const form = useZodForm({
    schema: profileUpdateSchema(account.user.user_type),
    initial: {
      first_name: account.user.first_name ?? "",
      last_name: account.user.last_name ?? "",
      artist_name: account.user.artist_name ?? "",
    },
    toInput: (values) => ({
      first_name: values.first_name,
      last_name: values.last_name,
      name: `${values.first_name.trim()} ${values.last_name.trim()}`,
      ...(artist ? { artist_name: values.artist_name } : {}),
    }),
  });
  const save = useApiMutation(accountsApi.updateUser);
  const submit = form.onSubmit(async () => {
    const body = form.validate();
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      await refresh();
      toast.success("Profile saved");
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(failure(error, "Failed to save your profile"));
    }
  });
  return (
    <Section title="Profile" lead={artist ? "Your artist name is shown on your campaigns." : undefined}>
      <form ref={form.formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="First name" autoComplete="given-name" {...form.field("first_name")} />
        <TextField label="Last name" autoComplete="family-name" {...form.field("last_name")} />
        {artist ? <TextField label="Artist name" {...form.field("artist_name")} /> : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </Section>
  );
}
