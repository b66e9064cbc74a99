/**
 * The choices after the clerk pressed option `index` (0-based): a one-choice matter takes the
 * new option instead; otherwise it toggles, up to `max` choices.
 */
export function toggleChoice(
  chosen: readonly string[],
  options: readonly string[],
  index: number,
  max: number,
): string[] {
  const option = options[index];
  if (option === undefined) return [...chosen];
  if (chosen.includes(option)) return chosen.filter((c) => c !== option);
  if (max <= 1) return [option];
  if (chosen.length >= max) return [...chosen];
  // in the matter's option order, as the ballot sheet lists them
  return options.filter((o) => o === option || chosen.includes(o));
}

/** The option index a key stands for: 1..9 are the first nine options. */
export function optionIndexOfKey(key: string): number | undefined {
  return /^[1-9]$/.test(key) ? Number(key) - 1 : undefined;
}
