/**
 * The page numbers a pager shows: `size` consecutive pages around the current one (5 on large
 * screens, 3 on small), shifted to stay within 1..total. First/last shortcuts cover the rest.
 */
export function pageWindow(current: number, total: number, size: number): number[] {
  if (total < 1 || size < 1) return [];
  const count = Math.min(size, total);
  const page = Math.min(Math.max(current, 1), total);
  const start = Math.min(Math.max(page - Math.floor((count - 1) / 2), 1), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
