/** The genres of SPEC.md (Join campaigns filter, create wizard). Kept apart from the zod schemas: pages that only
 * show a genre label should not download the validation library. */
export const genres = [
  { value: "pop", label: "Pop" },
  { value: "hip-hop", label: "Hip-Hop" },
  { value: "electronic", label: "Electronic" },
  { value: "indie", label: "Indie" },
  { value: "rock", label: "Rock" },
] as const;
