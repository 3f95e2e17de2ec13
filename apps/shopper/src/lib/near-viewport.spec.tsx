import { act, render, screen } from '@testing-library/react';
import { NearViewport } from './near-viewport';

describe('NearViewport', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('holds the place until it comes near the viewport, then renders its content', () => {
    let report: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    const observed: Element[] = [];
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, readonly options: IntersectionObserverInit) {
        report = callback;
      }
      observe(node: Element) {
        observed.push(node);
      }
      disconnect() {
        report = undefined;
      }
    } as unknown as typeof IntersectionObserver;
    const { container } = render(
      <NearViewport className="ph-chart--loading">
        <p>Chart</p>
      </NearViewport>,
    );
    expect(screen.queryByText('Chart')).toBeNull();
    expect(observed).toEqual([container.querySelector('.ph-chart--loading')]);
    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText('Chart')).toBeNull();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('Chart')).toBeInTheDocument();
    expect(report).toBeUndefined();
  });

  it('renders its content at once where the browser cannot tell', () => {
    // @ts-expect-error: a browser without IntersectionObserver
    delete globalThis.IntersectionObserver;
    render(
      <NearViewport className="x">
        <p>Chart</p>
      </NearViewport>,
    );
    expect(screen.getByText('Chart')).toBeInTheDocument();
  });
});
