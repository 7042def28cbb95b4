/** The investigation page of one subject: `{ flag: 12 }`, `{ address: hash }`, `{ promoter: id }`, `{ user: id }`... */
export const investigatePath = (subject: Record<string, string | number>) =>
  `/admin/investigate?${new URLSearchParams(Object.entries(subject).map(([key, value]) => [key, String(value)]))}`;
