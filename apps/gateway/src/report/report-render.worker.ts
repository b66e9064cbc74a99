import { renderReport } from './report-render';

/** The entry a report worker thread runs (report-render.pool.ts). */
export default renderReport;
