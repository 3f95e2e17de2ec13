import { handleAsync } from './handle-async';

describe('handleAsync', () => {
  it('passes its arguments on and starts the work at once', () => {
    const seen: number[] = [];
    handleAsync(async (n: number) => {
      seen.push(n);
    })(7);
    expect(seen).toEqual([7]);
  });

  it('reports a failure on the console instead of leaving it unhandled', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = new Error('network down');
    handleAsync(() => Promise.reject(broken), 'Signing out failed:')();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('Signing out failed:', broken);
    error.mockRestore();
  });
});
