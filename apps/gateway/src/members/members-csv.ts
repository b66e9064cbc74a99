import { parse } from 'csv-parse/sync';
import {
  ControlNumber,
  LanguageCode,
  MEMBER_TEXT_MAX,
  MEMBER_UNIT_MAX,
  MemberTag,
  MemberUnit,
  VoterEmail,
  VoterName,
} from '@livevote/contracts';
import type { ProblemText } from '../common/api-exception';

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

const COLUMNS = [
  'unit',
  ...MEMBER_COLUMNS,
  'voterName',
  'voterEmail',
  'isTestVoter',
  'language',
] as const;
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
  /** Set when the file has an `isTestVoter` column (an empty cell is false): docs/test-voters.md. */
  isTestVoter?: boolean;
  /** The voter's language (docs/i18n.md); absent when the cell is empty: kept as it is. */
  language?: LanguageCode;
}

export interface CsvMember {
  /** The first line of the unit, which defines its member fields. */
  line: number;
  unit: string;
  fields: CsvMemberFields;
  voters: CsvVoter[];
}

/**
 * A problem of one file line: its words are a catalog text (`importLines.*`), worded in the
 * reader's language where the problem is answered (docs/i18n.md).
 */
export type ImportLineProblem = {
  line: number;
  message: ProblemText;
};

/** The catalog text `importLines.<key>`. */
export function lineText(
  key: string,
  values?: Record<string, unknown>,
): ProblemText {
  return { key: `importLines.${key}`, values };
}

export interface ParsedMembersCsv {
  /** The member columns of the header: the only fields an import sets. */
  columns: CsvMemberColumn[];
  members: CsvMember[];
  errors: ImportLineProblem[];
}

type CellValue = string | number | boolean | string[];
type Cell = { value: CellValue } | { error: ProblemText };

const SHARES = /^\d{1,14}(\.\d{1,6})?$/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

function parseCell(column: CsvMemberColumn, raw: string): Cell {
  switch (column) {
    case 'shares':
      return SHARES.test(raw)
        ? { value: Number(raw) }
        : { error: lineText('shares', { value: raw }) };
    case 'eligible': {
      const value = BOOLEANS[raw.toLowerCase()];
      return value === undefined
        ? { error: lineText('eligible', { value: raw }) }
        : { value };
    }
    case 'controlNumber': {
      const result = ControlNumber.safeParse(raw);
      return result.success
        ? { value: result.data }
        : { error: lineText('control_number', { value: raw }) };
    }
    case 'tags': {
      const tags: string[] = [];
      for (const part of raw.split(';')) {
        if (!part.trim()) continue;
        const result = MemberTag.safeParse(part);
        if (!result.success) {
          // which of MemberTag's checks failed (libs/contracts), worded by line
          const value = part.trim();
          const issue = result.error.issues[0];
          return {
            error:
              issue?.code === 'custom'
                ? lineText('tag_reserved', { value })
                : issue?.code === 'too_big'
                  ? lineText('tag_too_long', {
                      value,
                      max: Number(issue.maximum),
                    })
                  : lineText('tag_characters', { value }),
          };
        }
        if (!tags.includes(result.data)) tags.push(result.data);
      }
      return { value: tags };
    }
    default:
      return raw.length > MEMBER_TEXT_MAX
        ? { error: lineText('too_long', { column, max: MEMBER_TEXT_MAX }) }
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
  errors: ProblemText[];
}

function readHeader(names: string[]): Header {
  const index: Partial<Record<CsvColumn, number>> = {};
  const errors: ProblemText[] = [];
  names.forEach((raw, i) => {
    const column = COLUMNS.find(
      (name) => name.toLowerCase() === raw.trim().toLowerCase(),
    );
    if (!column)
      errors.push(
        lineText('unknown_column', { name: raw, columns: COLUMNS.join(', ') }),
      );
    else if (index[column] !== undefined)
      errors.push(lineText('column_twice', { column }));
    else index[column] = i;
  });
  if (index.unit === undefined) errors.push(lineText('unit_column_required'));
  if ((index.voterName === undefined) !== (index.voterEmail === undefined))
    errors.push(lineText('voter_columns_together'));
  if (index.isTestVoter !== undefined && index.voterEmail === undefined)
    errors.push(lineText('test_voter_column_alone'));
  return { index, errors };
}

interface CsvRecord {
  line: number;
  cells: string[];
}

function readRecords(text: string): CsvRecord[] | ImportLineProblem {
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
      // csv-parse words its reason in English only
      message:
        typeof failure.message === 'string'
          ? lineText('csv_syntax', { reason: failure.message })
          : lineText('not_csv'),
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
          message: lineText('too_many_rows', { max: MAX_IMPORT_ROWS }),
        },
      ],
    };
  const columns = MEMBER_COLUMNS.filter(
    (column) => header.index[column] !== undefined,
  );
  const errors: ImportLineProblem[] = [];
  const units = new Map<
    string,
    { member: CsvMember; given: Map<CsvMemberColumn, CellValue> }
  >();
  const emails = new Map<string, number>();

  for (const { line, cells } of rows) {
    const fail = (message: ProblemText) => errors.push({ line, message });
    const cell = (column: CsvColumn) => {
      const i = header.index[column];
      return i === undefined ? '' : (cells[i] ?? '');
    };
    const unitResult = MemberUnit.safeParse(cell('unit'));
    if (!unitResult.success) {
      // a trimmed cell fails only by its length
      fail(
        cell('unit')
          ? lineText('too_long', { column: 'unit', max: MEMBER_UNIT_MAX })
          : lineText('unit_required'),
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
            lineText(first === undefined ? 'differs_empty' : 'differs', {
              column,
              value: show(value),
              unit,
              firstLine: entry.member.line,
              first: first === undefined ? undefined : show(first),
            }),
          );
      }
    }

    const name = cell('voterName');
    const email = cell('voterEmail');
    const languageCell = cell('language').trim();
    const language = LanguageCode.safeParse(languageCell.toLowerCase());
    if (languageCell && !language.success)
      fail(lineText('voter_language', { value: languageCell }));
    const testCell = cell('isTestVoter');
    if (!name && !email) {
      if (languageCell) fail(lineText('language_without_voter'));
      if (testCell) fail(lineText('test_voter_without_voter'));
      continue;
    }
    const isTestVoter =
      header.index.isTestVoter === undefined
        ? undefined
        : testCell
          ? BOOLEANS[testCell.toLowerCase()]
          : false;
    if (isTestVoter === undefined && header.index.isTestVoter !== undefined) {
      fail(lineText('test_voter', { value: testCell }));
      continue;
    }
    const nameResult = VoterName.safeParse(name);
    const emailResult = VoterEmail.safeParse(email);
    if (!name) fail(lineText('voter_name_required'));
    // a trimmed cell fails only by its length
    else if (!nameResult.success)
      fail(lineText('too_long', { column: 'voterName', max: MEMBER_TEXT_MAX }));
    if (!email) fail(lineText('voter_email_required'));
    else if (!emailResult.success)
      fail(lineText('voter_email_invalid', { value: email }));
    if (!nameResult.success || !emailResult.success) continue;
    const key = `${unit}\n${emailResult.data.toLowerCase()}`;
    const seen = emails.get(key);
    if (seen !== undefined) {
      fail(lineText('voter_twice', { email: emailResult.data, unit, seen }));
      continue;
    }
    emails.set(key, line);
    entry.member.voters.push({
      line,
      name: nameResult.data,
      email: emailResult.data,
      ...(isTestVoter !== undefined ? { isTestVoter } : {}),
      ...(languageCell && language.success ? { language: language.data } : {}),
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
        message: lineText('control_number_twice', {
          controlNumber,
          unit: member.unit,
          other: holder.unit,
          otherLine: holder.line,
        }),
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
