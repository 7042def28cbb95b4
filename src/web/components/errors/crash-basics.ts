/** What the crash screen and its light stand-in share (the stand-in shows while the screen loads, or if it cannot). */

/** Where the crash screen sits: the whole window, under the header, or over the page where a dialog was. */
export type CrashLayout = "page" | "inline" | "dialog";

export const frames: Record<CrashLayout, string> = {
  page: "min-h-screen items-center bg-slate-50 py-10",
  inline: "py-12",
  dialog: "fixed inset-0 z-50 items-start overflow-y-auto bg-slate-900/50 py-10",
};

/** A script of the app that could not be fetched: after a new release, the old page asks for files that are gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}
