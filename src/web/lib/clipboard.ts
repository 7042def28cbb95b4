import { toast } from "./toast";

/** Copies `text` and says so in a toast: `copied` when it worked, `failed` (what to do instead) when it did not. */
export async function copyWithToast(text: string, messages: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.copied, { duration: 3000 });
  } catch {
    toast.error(messages.failed);
  }
}
