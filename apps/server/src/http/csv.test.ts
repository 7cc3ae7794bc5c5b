import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('CSV', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Jane Doe')).toBe('Jane Doe');
    expect(csvField('')).toBe('');
    expect(csvField('123.45')).toBe('123.45');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvField('The "best" order')).toBe('"The ""best"" order"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', '=d'])).toBe(`a,"b,c",'=d\r\n`);
  });
});
