import { parse } from 'csv-parse/sync';
import {
  ControlNumber,
  MEMBER_TEXT_MAX,
  MemberTag,
  MemberUnit,
  VoterEmail,
  VoterName,
  type ImportLineError,
} from '@livevote/contracts';
import type { z } from 'zod';

const MEMBER_COLUMNS = [
  'shares',
  'eligible',
  'controlNumber',
  'tags',
  'mailAddress1',
  'mailAddress2',
  'mailCity',
  'mailProv',
  'mailPostal',
  'mailCountry',
] as const;
export type CsvMemberColumn = (typeof MEMBER_COLUMNS)[number];

const COLUMNS = ['unit', ...MEMBER_COLUMNS, 'voterName', 'voterEmail'] as const;
type CsvColumn = (typeof COLUMNS)[number];

export const MAX_IMPORT_ROWS = 100_000;

export interface CsvMemberFields {
  shares?: number;
  eligible?: boolean;
  /** Absent when the file leaves it empty: the member keeps its number or gets a new one. */
  controlNumber?: string;
  tags?: string[];
  mailAddress1?: string;
  mailAddress2?: string;
  mailCity?: string;
  mailProv?: string;
  mailPostal?: string;
  mailCountry?: string;
}

export interface CsvVoter {
  line: number;
  name: string;
  email: string;
}

export interface CsvMember {
  /** The first line of the unit, which defines its member fields. */
  line: number;
  unit: string;
  fields: CsvMemberFields;
  voters: CsvVoter[];
}

export interface ParsedMembersCsv {
  /** The member columns of the header: the only fields an import sets. */
  columns: CsvMemberColumn[];
  members: CsvMember[];
  errors: ImportLineError[];
}

type CellValue = string | number | boolean | string[];
type Cell = { value: CellValue } | { error: string };

const SHARES = /^\d{1,14}(\.\d{1,6})?$/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

function firstIssue(result: z.ZodSafeParseResult<unknown>): string {
  return result.success ? '' : (result.error.issues[0]?.message ?? 'invalid');
}

function parseCell(column: CsvMemberColumn, raw: string): Cell {
  switch (column) {
    case 'shares':
      return SHARES.test(raw)
        ? { value: Number(raw) }
        : {
            error: `shares "${raw}" is not a number >= 0 with at most 6 decimals`,
          };
    case 'eligible': {
      const value = BOOLEANS[raw.toLowerCase()];
      return value === undefined
        ? {
            error: `eligible "${raw}" is not one of true, false, yes, no, 1, 0`,
          }
        : { value };
    }
    case 'controlNumber': {
      const result = ControlNumber.safeParse(raw);
      return result.success
        ? { value: result.data }
        : { error: `controlNumber "${raw}": ${firstIssue(result)}` };
    }
    case 'tags': {
      const tags: string[] = [];
      for (const part of raw.split(';')) {
        if (!part.trim()) continue;
        const result = MemberTag.safeParse(part);
        if (!result.success)
          return { error: `tag "${part.trim()}": ${firstIssue(result)}` };
        if (!tags.includes(result.data)) tags.push(result.data);
      }
      return { value: tags };
    }
    default:
      return raw.length > MEMBER_TEXT_MAX
        ? { error: `${column} is longer than ${MEMBER_TEXT_MAX} characters` }
        : { value: raw };
  }
}

const DEFAULTS: Record<Exclude<CsvMemberColumn, 'controlNumber'>, CellValue> = {
  shares: 1,
  eligible: true,
  tags: [],
  mailAddress1: '',
  mailAddress2: '',
  mailCity: '',
  mailProv: '',
  mailPostal: '',
  mailCountry: '',
};

function sameValue(a: CellValue, b: CellValue): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return [...a].sort().join(';') === [...b].sort().join(';');
  return a === b;
}

function show(value: CellValue): string {
  return Array.isArray(value) ? value.join(';') : String(value);
}

interface Header {
  index: Partial<Record<CsvColumn, number>>;
  errors: string[];
}

function readHeader(names: string[]): Header {
  const index: Partial<Record<CsvColumn, number>> = {};
  const errors: string[] = [];
  names.forEach((raw, i) => {
    const column = COLUMNS.find(
      (name) => name.toLowerCase() === raw.trim().toLowerCase(),
    );
    if (!column)
      errors.push(`unknown column "${raw}"; columns are ${COLUMNS.join(', ')}`);
    else if (index[column] !== undefined)
      errors.push(`column "${column}" appears twice`);
    else index[column] = i;
  });
  if (index.unit === undefined) errors.push('the unit column is required');
  if ((index.voterName === undefined) !== (index.voterEmail === undefined))
    errors.push('voterName and voterEmail go together');
  return { index, errors };
}

interface CsvRecord {
  line: number;
  cells: string[];
}

function readRecords(text: string): CsvRecord[] | ImportLineError {
  try {
    const records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    }) as unknown as { info: { lines: number }; record: string[] }[];
    // info.lines is where a record ends; a quoted cell may span lines.
    return records.map(({ info, record }) => ({
      line:
        info.lines -
        record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
      cells: record.map((cell) => cell.trim()),
    }));
  } catch (error) {
    const failure = error as { lines?: unknown; message?: unknown };
    return {
      line: typeof failure.lines === 'number' ? failure.lines : 1,
      message:
        typeof failure.message === 'string'
          ? failure.message
          : 'The file is not valid CSV.',
    };
  }
}

/**
 * Reads a member import: one row per voter, rows of one unit share its member (the first
 * row of a unit defines its member fields; later rows may repeat them or leave them empty).
 * Every problem of the file is collected, with its 1-based line (the header is line 1).
 */
export function parseMembersCsv(text: string): ParsedMembersCsv {
  const records = readRecords(text);
  if (!Array.isArray(records))
    return { columns: [], members: [], errors: [records] };
  const [head, ...rows] = records;
  if (!head) return { columns: [], members: [], errors: [] };
  const header = readHeader(head.cells);
  if (header.errors.length)
    return {
      columns: [],
      members: [],
      errors: header.errors.map((message) => ({ line: head.line, message })),
    };
  if (rows.length > MAX_IMPORT_ROWS)
    return {
      columns: [],
      members: [],
      errors: [
        {
          line: rows[MAX_IMPORT_ROWS].line,
          message: `at most ${MAX_IMPORT_ROWS} rows can be imported at once`,
        },
      ],
    };
  const columns = MEMBER_COLUMNS.filter(
    (column) => header.index[column] !== undefined,
  );
  const errors: ImportLineError[] = [];
  const units = new Map<
    string,
    { member: CsvMember; given: Map<CsvMemberColumn, CellValue> }
  >();
  const emails = new Map<string, number>();

  for (const { line, cells } of rows) {
    const fail = (message: string) => errors.push({ line, message });
    const cell = (column: CsvColumn) => {
      const i = header.index[column];
      return i === undefined ? '' : (cells[i] ?? '');
    };
    const unitResult = MemberUnit.safeParse(cell('unit'));
    if (!unitResult.success) {
      fail(
        cell('unit') ? `unit: ${firstIssue(unitResult)}` : 'unit is required',
      );
      continue;
    }
    const unit = unitResult.data;
    const given = new Map<CsvMemberColumn, CellValue>();
    for (const column of columns) {
      const raw = cell(column);
      if (!raw) continue;
      const parsed = parseCell(column, raw);
      if ('error' in parsed) fail(parsed.error);
      else given.set(column, parsed.value);
    }

    let entry = units.get(unit);
    if (!entry) {
      entry = {
        member: { line, unit, fields: {}, voters: [] },
        given,
      };
      units.set(unit, entry);
    } else {
      for (const [column, value] of given) {
        const first = entry.given.get(column);
        if (first === undefined || !sameValue(first, value))
          fail(
            `${column} "${show(value)}" of unit ${unit} differs from line ${entry.member.line} (${first === undefined ? 'empty' : `"${show(first)}"`}), the first row of the unit`,
          );
      }
    }

    const name = cell('voterName');
    const email = cell('voterEmail');
    if (!name && !email) continue;
    const nameResult = VoterName.safeParse(name);
    const emailResult = VoterEmail.safeParse(email);
    if (!name) fail('voterName is required when voterEmail is given');
    else if (!nameResult.success) fail(`voterName: ${firstIssue(nameResult)}`);
    if (!email) fail('voterEmail is required when voterName is given');
    else if (!emailResult.success)
      fail(`voterEmail "${email}": ${firstIssue(emailResult)}`);
    if (!nameResult.success || !emailResult.success) continue;
    const key = `${unit}\n${emailResult.data.toLowerCase()}`;
    const seen = emails.get(key);
    if (seen !== undefined) {
      fail(
        `voter ${emailResult.data} of unit ${unit} already appears on line ${seen}`,
      );
      continue;
    }
    emails.set(key, line);
    entry.member.voters.push({
      line,
      name: nameResult.data,
      email: emailResult.data,
    });
  }

  const controlNumbers = new Map<string, CsvMember>();
  for (const { member, given } of units.values()) {
    for (const column of columns) {
      const value = given.get(column);
      if (column === 'controlNumber') {
        if (value !== undefined) member.fields.controlNumber = String(value);
      } else {
        (member.fields as Record<string, CellValue>)[column] =
          value ?? DEFAULTS[column];
      }
    }
    const controlNumber = member.fields.controlNumber;
    if (controlNumber === undefined) continue;
    const holder = controlNumbers.get(controlNumber);
    if (holder)
      errors.push({
        line: member.line,
        message: `controlNumber ${controlNumber} of unit ${member.unit} is also given to unit ${holder.unit} on line ${holder.line}`,
      });
    else controlNumbers.set(controlNumber, member);
  }

  errors.sort((a, b) => a.line - b.line);
  return {
    columns,
    members: [...units.values()].map((entry) => entry.member),
    errors,
  };
}
