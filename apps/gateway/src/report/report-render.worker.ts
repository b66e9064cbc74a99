import { renderReport } from './report-render';

/** The entry a report worker thread runs (report-render.service.ts). */
export default renderReport;
