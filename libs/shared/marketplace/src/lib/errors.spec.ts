import { InvalidUrlError, parseHttpUrl, tryParseHttpUrl } from './errors';

describe('parseHttpUrl', () => {
  it('parses http and https URLs, ignoring surrounding white space', () => {
    expect(parseHttpUrl('  https://example.com/a  ').href).toBe('https://example.com/a');
    expect(parseHttpUrl('http://example.com').protocol).toBe('http:');
  });

  it('accepts a URL object and returns a copy', () => {
    const input = new URL('https://example.com/x');
    const parsed = parseHttpUrl(input);
    expect(parsed.href).toBe(input.href);
    expect(parsed).not.toBe(input);
  });

  it.each(['ftp://example.com/file', 'javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c', 'file:///etc/passwd'])(
    'refuses the non-http(s) URL %s with unsupported_protocol',
    (input) => {
      expect(() => parseHttpUrl(input)).toThrow(InvalidUrlError);
      try {
        parseHttpUrl(input);
      } catch (error) {
        expect((error as InvalidUrlError).code).toBe('unsupported_protocol');
        expect((error as InvalidUrlError).message).toBe('url must be an http or https URL');
      }
    },
  );

  it.each(['', 'not a url', 'example.com/path', '//example.com', 'https://'])('refuses %j as invalid_url', (input) => {
    try {
      parseHttpUrl(input);
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidUrlError);
      expect((error as InvalidUrlError).code).toBe('invalid_url');
      expect((error as InvalidUrlError).field).toBe('url');
      expect((error as InvalidUrlError).input).toBe(input);
    }
  });

  it('names the field it is given', () => {
    expect(() => parseHttpUrl('nope', 'targetUrl')).toThrow('targetUrl is not a valid URL');
  });

  it('refuses a URL object with another scheme', () => {
    expect(() => parseHttpUrl(new URL('ftp://example.com'))).toThrow('url must be an http or https URL');
  });

  it('refuses non-string input without crashing', () => {
    expect(() => parseHttpUrl(42 as unknown as string)).toThrow(InvalidUrlError);
  });
});

describe('tryParseHttpUrl', () => {
  it('answers null instead of throwing', () => {
    expect(tryParseHttpUrl('ftp://example.com')).toBeNull();
    expect(tryParseHttpUrl('garbage')).toBeNull();
    expect(tryParseHttpUrl('https://example.com')?.hostname).toBe('example.com');
  });
});
