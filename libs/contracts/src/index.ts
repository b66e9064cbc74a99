export * from './common';
export * from './auth';
export * from './accounts';
export * from './meetings';
export * from './members';
export * from './matters';
export * from './documents';
export * from './webcast';
