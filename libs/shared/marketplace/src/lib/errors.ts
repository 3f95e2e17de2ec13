/** Why a URL was refused. */
export type InvalidUrlReason = 'invalid_url' | 'unsupported_protocol';

/**
 * Thrown when a URL cannot be used: it does not parse, or its scheme is not http(s).
 * `field` names the input that was refused (`url` unless the caller says otherwise), so API layers can
 * answer with the error envelope's `field`.
 */
export class InvalidUrlError extends Error {
  override readonly name = 'InvalidUrlError';
  readonly code: InvalidUrlReason;
  readonly field: string;
  readonly input: string;

  constructor(reason: InvalidUrlReason, input: string, field = 'url') {
    super(
      reason === 'unsupported_protocol'
        ? `${field} must be an http or https URL`
        : `${field} is not a valid URL`,
    );
    this.code = reason;
    this.field = field;
    this.input = input;
  }
}

/**
 * Parses an absolute http(s) URL. Leading and trailing white space is ignored.
 * @throws InvalidUrlError when the input does not parse or uses another scheme (ftp:, javascript:, data: …).
 */
export function parseHttpUrl(input: string | URL, field = 'url'): URL {
  if (input instanceof URL) {
    if (input.protocol !== 'http:' && input.protocol !== 'https:') {
      throw new InvalidUrlError('unsupported_protocol', input.href, field);
    }
    return new URL(input.href);
  }
  if (typeof input !== 'string') throw new InvalidUrlError('invalid_url', String(input), field);
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidUrlError('invalid_url', input, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidUrlError('unsupported_protocol', input, field);
  }
  if (!url.hostname) throw new InvalidUrlError('invalid_url', input, field);
  return url;
}

/** Like {@link parseHttpUrl} but answers `null` instead of throwing. */
export function tryParseHttpUrl(input: string | URL): URL | null {
  try {
    return parseHttpUrl(input);
  } catch {
    return null;
  }
}
