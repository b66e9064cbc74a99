import { createHash } from 'node:crypto';
import type { MeetingReport } from '@livevote/contracts';
import { attendanceCsv, reportCsvParts } from './report-csv';
import { byUnit } from './report-format';
import { reportPdf } from './report-pdf';

/** What a report is rendered as: the JSON body, the CSV file, the PDF file, the attendance CSV. */
export type ReportFormat = 'json' | 'csv' | 'pdf' | 'attendance';

/**
 * A render job: the report's data as gathered from the database, and the format wanted, or
 * `digest` for the SHA-256 of its CSV alone (what a cached PDF is found by). `sha256`, when
 * the digest is already known, spares a PDF or JSON render the CSV.
 */
export interface RenderTask {
  format: ReportFormat | 'digest';
  body: Omit<MeetingReport, 'sha256'>;
  sha256?: string;
  /**
   * CSV blocks of matters already made (by matter key; report-csv.ts `reportCsvParts`): those
   * matters come with an empty `voted` list, which only the JSON and the CSV show.
   */
  csvBlocks?: Record<string, string>;
}

/** The rendered bytes, the digest of the CSV they carry, and the matters' CSV blocks made. */
export interface Rendered {
  bytes: Uint8Array;
  sha256: string;
  csvBlocks?: Record<string, string>;
}

/**
 * Renders a report: the CSV first, whose SHA-256 is the digest every format carries, then
 * the JSON or PDF around it. Pure and synchronous in effect, so it runs in a worker thread
 * (report-render.worker.ts) and never on the gateway's event loop.
 */
export async function renderReport({
  format,
  body,
  sha256: known,
  csvBlocks = {},
}: RenderTask): Promise<Rendered> {
  // every format lists who voted by unit, 2 before 10: a sort of every ballot, done here
  for (const matter of body.matters)
    matter.voted.sort((a, b) => byUnit(a.unit, b.unit));
  body.attendance.sort((a, b) => byUnit(a.unit, b.unit));
  body.proxies.sort(
    (a, b) =>
      byUnit(a.unit, b.unit) || a.submittedAt.localeCompare(b.submittedAt),
  );
  if (format === 'attendance')
    return { bytes: Buffer.from(attendanceCsv(body), 'utf8'), sha256: '' };
  const { csv, blocks } =
    known !== undefined && format !== 'csv'
      ? { csv: '', blocks: {} }
      : reportCsvParts(body, csvBlocks);
  const sha256 =
    known ?? createHash('sha256').update(csv, 'utf8').digest('hex');
  if (format === 'digest')
    return { bytes: new Uint8Array(0), sha256, csvBlocks: blocks };
  if (format === 'csv')
    return { bytes: Buffer.from(csv, 'utf8'), sha256, csvBlocks: blocks };
  const report: MeetingReport = { ...body, sha256 };
  if (format === 'json')
    return { bytes: Buffer.from(JSON.stringify(report), 'utf8'), sha256 };
  return { bytes: await reportPdf(report), sha256 };
}
