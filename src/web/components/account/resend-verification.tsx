import { MailCheck } from "lucide-react";
import { accountsApi } from "../../../core/api/accounts";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { Button } from "../ui/button";

/** Sends the signed-in user a new verification link (the server picks the address: their own). */
export function ResendVerificationButton({ size = "sm" }: { size?: "sm" | "md" }) {
  const resend = useApiMutation(accountsApi.sendVerificationEmail, {
    onSuccess: () => toast.success("Verification email sent. Open the link in it to verify your address."),
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : "Could not send the email. Please try again."),
  });
  return (
    <Button size={size} variant="secondary" loading={resend.isPending} onClick={() => resend.mutate({})}>
      {resend.isPending ? null : <MailCheck className="h-4 w-4" aria-hidden />} Resend Verification Email
    </Button>
  );
}
