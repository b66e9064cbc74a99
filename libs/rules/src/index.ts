export * from './meeting-window';
