import { renderReport } from './report-render';

/** The entry a report worker thread runs (report-renderer.ts). */
export default renderReport;
