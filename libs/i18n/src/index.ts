export * from './languages';
export * from './zoned-time';
export * from './catalogs';
export * from './translator';
export * from './verdict-words';
export * from './receipt-words';
export * from './audit-words';
