import { saveFile } from '../../lib/http/download-file';

/** A cell as a spreadsheet must not run it: text starting with =, +, -, @, tab or CR gets a quote first. */
function cell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text (UTF-8 with a byte order mark, CRLF lines, as the server's exports): a header row, then rows. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** `insights-sales-2026-01-01-2026-01-31-America_New_York.csv`: the chart, the range and the zone. */
export function csvFileName(chart: string, from: string, to: string, timeZone: string): string {
  return `insights-${chart}-${from}-${to}-${timeZone.replaceAll('/', '_')}.csv`;
}

/** Hands the chart's own data to the browser's downloads; nothing is asked of the server. */
export function downloadCsv(fileName: string, text: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
