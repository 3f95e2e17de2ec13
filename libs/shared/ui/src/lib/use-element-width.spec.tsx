import { act, render, screen } from '@testing-library/react';
import { useElementWidth } from './use-element-width';

function Measured() {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  return <div ref={ref}>{`width ${width}`}</div>;
}

describe('useElementWidth', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
    jest.restoreAllMocks();
  });

  it('answers the fallback where the width cannot be observed', () => {
    // jsdom has no ResizeObserver.
    render(<Measured />);
    expect(screen.getByText('width 640')).toBeInTheDocument();
  });

  it('answers the element’s width, at least the minimum, and follows it as it resizes', () => {
    let shown = 390;
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: shown }) as DOMRect);
    const observers: Array<() => void> = [];
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe = jest.fn();
      unobserve = jest.fn();
      disconnect = jest.fn();
    } as unknown as typeof ResizeObserver;
    render(<Measured />);
    expect(screen.getByText('width 390')).toBeInTheDocument();
    shown = 1180;
    act(() => observers.forEach((notify) => notify()));
    expect(screen.getByText('width 1180')).toBeInTheDocument();
    shown = 120;
    act(() => observers.forEach((notify) => notify()));
    expect(screen.getByText('width 240')).toBeInTheDocument();
  });
});
