import { withQueryParams } from './query';

const apply = (href: string, set: Array<[string, string]>, remove: string[] = []) => withQueryParams(new URL(href), set, remove).href;

describe('withQueryParams', () => {
  it('appends new parameters in the given order', () => {
    expect(apply('https://x.com/a', [['b', '2'], ['a', '1']])).toBe('https://x.com/a?b=2&a=1');
  });

  it('replaces an existing parameter in place', () => {
    expect(apply('https://x.com/a?a=1&tag=old&z=9', [['tag', 'new']])).toBe('https://x.com/a?a=1&tag=new&z=9');
  });

  it('never duplicates: later occurrences are removed', () => {
    expect(apply('https://x.com/?tag=1&a=1&tag=2', [['tag', 'ours']])).toBe('https://x.com/?tag=ours&a=1');
  });

  it('compares names case-insensitively', () => {
    expect(apply('https://x.com/?TAG=1', [['tag', 'ours']])).toBe('https://x.com/?tag=ours');
  });

  it('recognises encoded names', () => {
    expect(apply('https://x.com/?ta%67=1', [['tag', 'ours']])).toBe('https://x.com/?tag=ours');
  });

  it('keeps the spelling of other parameters and the fragment', () => {
    expect(apply('https://x.com/?q=a+b&r=%2Fx&flag#frag', [['tag', 't']])).toBe('https://x.com/?q=a+b&r=%2Fx&flag&tag=t#frag');
  });

  it('encodes our values', () => {
    expect(apply('https://x.com/', [['u', 'https://y.com/?a=1&b=2#c']])).toBe('https://x.com/?u=https%3A%2F%2Fy.com%2F%3Fa%3D1%26b%3D2%23c');
  });

  it('removes listed names and drops empty segments', () => {
    expect(apply('https://x.com/?a=1&&customid=x&b=2', [], ['customid'])).toBe('https://x.com/?a=1&b=2');
    expect(apply('https://x.com/?customid=x', [], ['customid'])).toBe('https://x.com/');
  });

  it('copes with malformed escapes in other names', () => {
    expect(apply('https://x.com/?%E0%A4%A=1', [['a', '1']])).toBe('https://x.com/?%E0%A4%A=1&a=1');
  });

  it('gives the same URL when applied twice', () => {
    const once = apply('https://x.com/p?z=1&tag=a#f', [['tag', 't'], ['new', 'v']]);
    expect(apply(once, [['tag', 't'], ['new', 'v']])).toBe(once);
  });

  it('does not modify its input', () => {
    const url = new URL('https://x.com/?a=1');
    withQueryParams(url, [['a', '2']]);
    expect(url.href).toBe('https://x.com/?a=1');
  });
});
