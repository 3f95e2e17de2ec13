import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { TOAST_DURATION, TOAST_EXIT_DURATION, TOAST_GAP, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD, TOAST_WIDTH } from './constants';
import { ToastProvider, useToast, type ToastApi } from './toast-context';
import { Toaster } from './toaster';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}

function setup() {
  render(
    <ToastProvider>
      <Capture />
      <Toaster />
    </ToastProvider>,
  );
  return api;
}

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const list = () => screen.getByRole('region', { name: 'Notifications' });
const visibleToasts = () => within(list()).queryAllByRole('listitem');
const toastWithText = (text: string) => within(list()).getByText(text).closest('li') as HTMLElement;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(TOAST_LIMIT).toBe(3);
    expect(TOAST_DURATION).toBe(4000);
    expect(TOAST_WIDTH).toBe(356);
    expect(TOAST_GAP).toBe(14);
    expect(TOAST_SWIPE_THRESHOLD).toBe(20);
  });
});

describe('toasts', () => {
  it('shows a success toast in the notification list', () => {
    const toast = setup();
    act(() => void toast.success('Saved your favorites'));
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]).toHaveTextContent('Saved your favorites');
    expect(visibleToasts()[0]).toHaveAttribute('data-type', 'success');
  });

  it('lays the list out 356 px wide with 14 px gaps', () => {
    setup();
    const ol = within(list()).getByRole('list');
    expect(ol).toHaveStyle({ width: '356px', gap: '14px' });
  });

  it('announces info and success politely', () => {
    const toast = setup();
    act(() => {
      toast.info('Price alert created');
      toast.success('Saved');
    });
    const polite = screen.getByRole('status');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toHaveTextContent('Price alert created');
    expect(polite).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('announces errors assertively', () => {
    const toast = setup();
    act(() => void toast.error('Could not save'));
    const assertive = screen.getByRole('alert');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(assertive).toHaveTextContent('Could not save');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('goes shown → dismissed → removed after the default 4000 ms plus the exit animation', () => {
    const toast = setup();
    act(() => void toast.info('Hello'));
    const item = toastWithText('Hello');
    expect(item).toHaveAttribute('data-state', 'shown');
    advance(TOAST_DURATION - 1);
    expect(item).toHaveAttribute('data-state', 'shown');
    advance(1);
    // Dismissed: still in the document for its exit animation, but no longer exposed or announced.
    expect(item).toHaveAttribute('data-state', 'dismissed');
    expect(item).toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(0);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    advance(TOAST_EXIT_DURATION);
    expect(item).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    const toast = setup();
    act(() => void toast.success('Quick', { duration: 1000 }));
    advance(999);
    expect(toastWithText('Quick')).toHaveAttribute('data-state', 'shown');
    advance(1);
    expect(toastWithText('Quick')).toHaveAttribute('data-state', 'dismissed');
  });

  it('keeps a toast with an infinite duration until it is closed', () => {
    const toast = setup();
    act(() => void toast.error('Session expired', { duration: Infinity }));
    advance(60_000);
    expect(toastWithText('Session expired')).toHaveAttribute('data-state', 'shown');
  });

  it('shows at most 3: a fourth pushes the oldest out through its exit', () => {
    const toast = setup();
    act(() => {
      toast.info('one');
      toast.info('two');
      toast.info('three');
    });
    expect(visibleToasts()).toHaveLength(3);
    act(() => void toast.info('four'));
    expect(visibleToasts().map((item) => item.textContent)).toEqual([expect.stringContaining('two'), expect.stringContaining('three'), expect.stringContaining('four')]);
    expect(toastWithText('one')).toHaveAttribute('data-state', 'dismissed');
    advance(TOAST_EXIT_DURATION);
    expect(within(list()).queryByText('one')).not.toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(3);
  });

  it('closes from the close button, which has an accessible name', async () => {
    const toast = setup();
    act(() => void toast.info('Closable', { duration: Infinity }));
    await user().click(within(visibleToasts()[0] as HTMLElement).getByRole('button', { name: 'Close notification' }));
    expect(visibleToasts()).toHaveLength(0);
    advance(TOAST_EXIT_DURATION);
    expect(within(list()).queryByText('Closable')).not.toBeInTheDocument();
  });

  it('runs its action from the action button, then closes', async () => {
    const toast = setup();
    const onClick = jest.fn();
    act(() => void toast.success('Watching Sony WH-1000XM5', { duration: Infinity, action: { label: 'See your watches', onClick } }));
    await user().click(within(visibleToasts()[0] as HTMLElement).getByRole('button', { name: 'See your watches' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('dismisses one toast by id, or all', () => {
    const toast = setup();
    let first = '';
    act(() => {
      first = toast.info('first', { duration: Infinity });
      toast.info('second', { duration: Infinity });
      toast.info('third', { duration: Infinity });
    });
    act(() => toast.dismiss(first));
    expect(visibleToasts()).toHaveLength(2);
    act(() => toast.dismiss());
    expect(visibleToasts()).toHaveLength(0);
    advance(TOAST_EXIT_DURATION);
    expect(within(list()).queryAllByRole('listitem', { hidden: true })).toHaveLength(0);
  });

  it('ignores dismissing an unknown id', () => {
    const toast = setup();
    act(() => void toast.info('stays', { duration: Infinity }));
    act(() => toast.dismiss('nope'));
    expect(visibleToasts()).toHaveLength(1);
  });

  it('replaces the toast that has the same id instead of adding one, restarting its time', () => {
    const toast = setup();
    act(() => void toast.info('Uploading feed…', { id: 'feed' }));
    advance(3000);
    act(() => void toast.success('Feed imported', { id: 'feed' }));
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]).toHaveTextContent('Feed imported');
    advance(3000);
    expect(toastWithText('Feed imported')).toHaveAttribute('data-state', 'shown');
    advance(1000);
    expect(toastWithText('Feed imported')).toHaveAttribute('data-state', 'dismissed');
  });

  it('pauses while hovered and resumes with the time that was left', async () => {
    const toast = setup();
    act(() => void toast.info('Hover me'));
    advance(3000);
    const u = user();
    await u.hover(toastWithText('Hover me'));
    advance(10_000);
    expect(toastWithText('Hover me')).toHaveAttribute('data-state', 'shown');
    await u.unhover(toastWithText('Hover me'));
    advance(999);
    expect(toastWithText('Hover me')).toHaveAttribute('data-state', 'shown');
    advance(1);
    expect(toastWithText('Hover me')).toHaveAttribute('data-state', 'dismissed');
  });

  it('pauses while a toast has keyboard focus', () => {
    const toast = setup();
    act(() => void toast.info('Focus me'));
    act(() => within(toastWithText('Focus me')).getByRole('button', { name: 'Close notification' }).focus());
    advance(10_000);
    expect(toastWithText('Focus me')).toHaveAttribute('data-state', 'shown');
  });

  it(`dismisses on a swipe of ${TOAST_SWIPE_THRESHOLD} px or more`, () => {
    const toast = setup();
    act(() => void toast.info('Swipe me', { duration: Infinity }));
    const item = toastWithText('Swipe me');
    fireEvent.pointerDown(item, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 110 });
    expect(item.style.transform).toBe('translateX(10px)');
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 100 + TOAST_SWIPE_THRESHOLD });
    expect(item).toHaveAttribute('data-state', 'dismissed');
  });

  it('dismisses on a swipe to the left as well', () => {
    const toast = setup();
    act(() => void toast.info('Swipe left', { duration: Infinity }));
    const item = toastWithText('Swipe left');
    fireEvent.pointerDown(item, { pointerId: 1, clientX: 100 });
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 70 });
    expect(item).toHaveAttribute('data-state', 'dismissed');
  });

  it('springs back from a swipe shorter than the threshold', () => {
    const toast = setup();
    act(() => void toast.info('Stay', { duration: Infinity }));
    const item = toastWithText('Stay');
    fireEvent.pointerDown(item, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 100 + TOAST_SWIPE_THRESHOLD - 1 });
    expect(item.style.transform).toBe(`translateX(${TOAST_SWIPE_THRESHOLD - 1}px)`);
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 100 + TOAST_SWIPE_THRESHOLD - 1 });
    expect(item).toHaveAttribute('data-state', 'shown');
    expect(item.style.transform).toBe('');
  });

  it('ignores pointer moves without a press and a cancelled swipe', () => {
    const toast = setup();
    act(() => void toast.info('Steady', { duration: Infinity }));
    const item = toastWithText('Steady');
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 300 });
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 300 });
    expect(item).toHaveAttribute('data-state', 'shown');
    fireEvent.pointerDown(item, { pointerId: 2, clientX: 0 });
    fireEvent.pointerCancel(item, { pointerId: 2 });
    fireEvent.pointerUp(item, { pointerId: 2, clientX: 100 });
    expect(item).toHaveAttribute('data-state', 'shown');
  });

  it('refuses an empty message and a bad duration, naming them', () => {
    const toast = setup();
    expect(() => toast.info('  ')).toThrow('message is required');
    expect(() => toast.info('x', { duration: 0 })).toThrow('duration');
    expect(() => toast.info('x', { duration: Number.NaN })).toThrow('duration');
    expect(() => toast.info('x', { action: { label: ' ', onClick: () => undefined } })).toThrow('action needs a label');
  });

  it('keeps the same toast API object across toast changes', () => {
    const seen: ToastApi[] = [];
    function Raiser() {
      const toast = useToast();
      const raised = useRef(false);
      useEffect(() => {
        seen.push(toast);
        if (!raised.current) {
          raised.current = true;
          toast.info('From an effect');
        }
      }, [toast]);
      return null;
    }
    render(
      <ToastProvider>
        <Raiser />
        <Toaster />
      </ToastProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('From an effect');
    expect(seen).toHaveLength(1);
  });

  it('throws a clear error when useToast is used outside ToastProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture />)).toThrow('useToast must be used inside <ToastProvider>');
    expect(() => render(<Toaster />)).toThrow('Toaster must be used inside <ToastProvider>');
    jest.restoreAllMocks();
  });
});
