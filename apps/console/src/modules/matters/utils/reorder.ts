export interface Ordered {
  key: string;
  order: number;
}

/**
 * The `order` changes that move `items[index]` by one place: positions become 1..n and
 * only the matters whose number changes are patched.
 */
export function reorderPatches(
  items: readonly Ordered[],
  index: number,
  by: -1 | 1,
): Ordered[] {
  const target = index + by;
  if (index < 0 || index >= items.length) return [];
  if (target < 0 || target >= items.length) return [];
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved
    .map((item, position) => ({ key: item.key, order: position + 1 }))
    .filter((patch, position) => moved[position]!.order !== patch.order);
}
