/**
 * The shape of a translation of `T`: the same nested keys with string values, where a plural
 * key (`x_one`, `x_other`) may add the other plural forms its language needs (`x_many`).
 */
export type CatalogOf<T> = {
  [K in keyof T]: T[K] extends string ? string : CatalogOf<T[K]>;
} & { [plural: `${string}_${'zero' | 'two' | 'few' | 'many'}`]: string };

/** Every leaf key of a catalog as a dotted path ("mail.invite.subject"). */
export function catalogKeys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key}`]
      : catalogKeys(value as object, `${prefix}${key}.`),
  );
}
