import { useEffect, useRef } from 'react';
/**
 * The translated labels after the canonical items changed from `before` to `after`: a label
 * follows its item's text (a line deleted, inserted or moved keeps each label beside its
 * item), and an item edited in place keeps its position's label; a new item has none.
 */
export function realignLabels(
  before: readonly string[],
  after: readonly string[],
  labels: readonly string[],
): string[] {
  const free = new Set(before.keys());
  const found: (string | undefined)[] = after.map((option) => {
    const at = before.findIndex(
      (was, index) => was === option && free.has(index),
    );
    if (at < 0) return undefined;
    free.delete(at);
    return labels[at] ?? '';
  });
  return found.map((label, index) => {
    if (label !== undefined) return label;
    if (!free.has(index)) return '';
    free.delete(index);
    return labels[index] ?? '';
  });
}

/**
 * Keeps a list's translated labels beside their canonical items (a matter's options, the
 * question categories) while the canonical list is typed: `labels` reads the labels now,
 * `setLabels` takes them realigned (docs/i18n.md).
 */
export function useLabelsFollowItems(
  items: readonly string[],
  labels: () => string[],
  setLabels: (labels: string[]) => void,
  enabled: boolean,
): void {
  const typed = items.join('\n');
  const shown = useRef(typed);
  const latest = useRef({ labels, setLabels });
  latest.current = { labels, setLabels };
  useEffect(() => {
    const before = shown.current;
    shown.current = typed;
    if (!enabled || before === typed) return;
    const { labels: read, setLabels: write } = latest.current;
    write(
      realignLabels(
        before ? before.split('\n') : [],
        typed ? typed.split('\n') : [],
        read(),
      ),
    );
  }, [enabled, typed]);
}
