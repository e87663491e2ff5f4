import type { ValidationIssue } from '../../errors.js';
import { matchHeaders, spanishHeaders, type HeaderMatch } from './header-matching.js';
import { cellText } from './row-validation.js';
import type { SheetRow } from './xlsx-reader.js';

/** How many non-empty rows of a sheet may come before its headers (a title, a note, a logo). */
export const HEADER_SEARCH_ROWS = 10;

/**
 * Finds the header row the clerk means: the first row that names every required column, in the
 * first 10 non-empty rows of each visible sheet, in tab order. Until then it remembers the
 * closest row, so a file with no header row says which columns that row lacks and where it is.
 */
export class HeaderLocator {
  sheet = '';
  row = 0;
  headers: HeaderMatch['columns'] | null = null;
  private rowsInSheet = 0;
  private closest: { sheet: string; row: number; match: HeaderMatch } | null = null;

  get found(): boolean {
    return this.headers !== null;
  }

  startSheet(name: string): void {
    this.sheet = name;
    this.rowsInSheet = 0;
  }

  /** A non-empty row before the headers: issues when it is the header row but repeats a column. */
  offer(row: SheetRow): ValidationIssue[] | null {
    if (++this.rowsInSheet > HEADER_SEARCH_ROWS) return null;
    const match = matchHeaders(row.cells.map((cell) => cellText(cell) || null));
    if (match.missing.length === 0) {
      if (match.duplicates.length > 0) {
        return match.duplicates.map(({ header }) => ({
          loc: [row.number, header],
          msg: 'upload_duplicate_column',
          type: 'duplicate_column',
          params: { column: header },
        }));
      }
      this.headers = match.columns;
      this.row = row.number;
      return null;
    }
    if (match.columns.size > (this.closest?.match.columns.size ?? -1)) {
      this.closest = { sheet: this.sheet, row: row.number, match };
    }
    return null;
  }

  /** Why no header row was found; null when no sheet has any row at all. */
  failure(): ValidationIssue[] | null {
    const closest = this.closest;
    if (!closest) return null;
    return [
      ...closest.match.missing.map((field) => ({
        loc: [closest.row, spanishHeaders[field]],
        msg: 'upload_missing_column',
        type: 'missing_column',
        params: { column: spanishHeaders[field] },
      })),
      {
        loc: [closest.row],
        msg: 'upload_no_header',
        type: 'no_header',
        params: { row: closest.row, sheet: closest.sheet },
      },
    ];
  }
}
