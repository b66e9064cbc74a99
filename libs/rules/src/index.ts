export * from './ballots';
export * from './close-snapshot';
export * from './eligibility';
export * from './majority';
export * from './meeting-window';
export * from './proxy-precedence';
export * from './quorum';
export * from './tally';
