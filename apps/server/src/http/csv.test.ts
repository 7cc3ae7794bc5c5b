import { describe, expect, it } from 'vitest';
import { csvField, csvPhoneField, csvRecord } from './csv.js';

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

  it('writes phone numbers as typed, guarding only phone text that is not a number', () => {
    expect(csvPhoneField('+1 555 0100')).toBe('+1 555 0100');
    expect(csvPhoneField('+1 (555) 010-0100')).toBe('+1 (555) 010-0100');
    expect(csvPhoneField('555.010.0100')).toBe('555.010.0100');
    expect(csvPhoneField('')).toBe('');
    expect(csvPhoneField('+1+SUM(A1)')).toBe("'+1+SUM(A1)");
    expect(csvPhoneField('=1+2')).toBe("'=1+2");
    expect(csvPhoneField('-')).toBe("'-");
    expect(csvPhoneField('+1 555, ext 3')).toBe(`"'+1 555, ext 3"`);
  });

  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', '=d'])).toBe(`a,"b,c",'=d\r\n`);
  });
});
