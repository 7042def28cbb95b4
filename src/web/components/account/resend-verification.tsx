import { MailCheck } from "lucide-react";
import { useState } from "react";
import { accountsApi } from "../../../core/api/accounts";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { callApi } from "../../lib/use-api";
import { Button } from "../ui/button";

/** Sends the signed-in user a new verification link (the server picks the address: their own). */
export function ResendVerificationButton({ size = "sm" }: { size?: "sm" | "md" }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await callApi(accountsApi.sendVerificationEmail);
      toast.success("Verification email sent. Open the link in it to verify your address.");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not send the email. Please try again.");
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size={size} variant="secondary" loading={sending} onClick={resend}>
      {sending ? null : <MailCheck className="h-4 w-4" aria-hidden />} Resend Verification Email
    </Button>
  );
}
