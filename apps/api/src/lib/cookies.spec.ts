import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds one cookie among others, as the cookie parser reads it', () => {
    const cases: Array<[string, string]> = [
      ['pricehunt_session_id=abc-123', 'abc-123'],
      ['a=1; pricehunt_session_id=s%3A1; pricehunt.sid=x', 's:1'],
      [' theme = dark ;pricehunt_session_id = "quoted" ', '"quoted"'],
      ['xpricehunt_session_id=no; pricehunt_session_id=yes', 'yes'],
      ['pricehunt_session_id=%E0%A4%A', '%E0%A4%A'],
      ['flag; pricehunt_session_id=after-flag', 'after-flag'],
      ['pricehunt_session_id=1; pricehunt_session_id=2', '1'],
    ];
    for (const [header, value] of cases) expect(readCookie(header, 'pricehunt_session_id')).toBe(value);
  });

  it('answers undefined without a header or without that cookie', () => {
    expect(readCookie(undefined, 'pricehunt_session_id')).toBeUndefined();
    expect(readCookie('', 'pricehunt_session_id')).toBeUndefined();
    expect(readCookie('other=1; pricehunt_session_idx=2', 'pricehunt_session_id')).toBeUndefined();
  });
});
