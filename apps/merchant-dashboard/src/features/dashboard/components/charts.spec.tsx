import { render, screen } from '@testing-library/react';
import { LineChart } from './charts';
import { endsToday, partialEnds } from './use-range';

const labels = ['2026-03-10', '2026-03-11', '2026-03-12'];

describe('LineChart', () => {
  it('writes its empty message across the chart when every value is zero', () => {
    render(<LineChart title="Clicks per day" labels={labels} series={[{ name: 'Clicks', color: '#000', values: [0, 0, 0] }]} emptyMessage="No clicks in this period." />);
    expect(screen.getByRole('img', { name: 'Clicks per day' })).toBeInTheDocument();
    expect(screen.getByText('No clicks in this period.')).toBeInTheDocument();
  });

  it('draws the lines without a message once anything was recorded', () => {
    const { container } = render(
      <LineChart title="Clicks per day" labels={labels} series={[{ name: 'Clicks', color: '#000', values: [0, 2, 0] }]} emptyMessage="No clicks in this period." />,
    );
    expect(screen.queryByText('No clicks in this period.')).not.toBeInTheDocument();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
  });

  it('draws the line to a period still under way dashed, its point hollow, and says so in the legend', () => {
    const { container } = render(<LineChart title="Clicks per day" labels={labels} series={[{ name: 'Clicks', color: '#123456', values: [4, 6, 1] }]} lastPartial="Today so far" />);
    const [settled, underWay] = [...container.querySelectorAll('polyline')];
    expect(settled?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(underWay?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(underWay?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect([...container.querySelectorAll('circle')].map((circle) => circle.getAttribute('fill'))).toEqual(['#123456', '#123456', '#fff']);
    expect(container.querySelectorAll('circle title')[2]?.textContent).toBe('Clicks 2026-03-12 (today so far): 1');
    expect(screen.getByText('Today so far')).toBeInTheDocument();
  });

  it('draws the line from a partial first week dashed too, with both partial weeks in the legend', () => {
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'];
    const { container } = render(
      <LineChart title="Clicks per week" labels={weeks} series={[{ name: 'Clicks', color: '#123456', values: [3, 20, 22, 9] }]} firstPartial="Partial week: 03-05 to 03-08" lastPartial="This week so far" />,
    );
    const [settled, ...dashed] = [...container.querySelectorAll('polyline')];
    expect(settled?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(dashed.map((line) => line.getAttribute('points')?.split(' ').length)).toEqual([2, 2]);
    expect([...container.querySelectorAll('circle')].map((circle) => circle.getAttribute('fill'))).toEqual(['#fff', '#123456', '#123456', '#fff']);
    expect(container.querySelectorAll('circle title')[0]?.textContent).toBe('Clicks 2026-03-02 (partial week: 03-05 to 03-08): 3');
    expect(screen.getByText('Partial week: 03-05 to 03-08')).toBeInTheDocument();
    expect(screen.getByText('This week so far')).toBeInTheDocument();
  });

  it('draws one dashed line between two partial points and no solid one', () => {
    const { container } = render(
      <LineChart title="Clicks per week" labels={['2026-03-02', '2026-03-09']} series={[{ name: 'Clicks', color: '#123456', values: [3, 4] }]} firstPartial="Partial week: 03-05 to 03-08" lastPartial="This week so far" />,
    );
    const lines = [...container.querySelectorAll('polyline')];
    expect(lines.map((line) => line.getAttribute('points') ?? '')).toEqual(['', expect.stringContaining(' ')]);
  });

  it('draws one solid line when every period has ended', () => {
    const { container } = render(<LineChart title="Clicks per day" labels={labels} series={[{ name: 'Clicks', color: '#123456', values: [4, 6, 1] }]} />);
    expect(container.querySelectorAll('polyline')).toHaveLength(1);
    expect(screen.queryByText(/so far/)).not.toBeInTheDocument();
  });
});

describe('endsToday', () => {
  // 2026-03-12 23:30 in UTC is already 2026-03-13 in Berlin.
  const now = Date.UTC(2026, 2, 12, 23, 30);

  it('is true for a period that runs to today in its own time zone, or later', () => {
    expect(endsToday({ from: '2026-03-01', to: '2026-03-12', tz: 'UTC' }, now)).toBe(true);
    expect(endsToday({ from: '2026-03-01', to: '2026-03-13', tz: 'Europe/Berlin' }, now)).toBe(true);
    expect(endsToday({ from: '2026-03-01', to: '2026-03-12', tz: 'Europe/Berlin' }, now)).toBe(false);
    expect(endsToday({ from: '2026-03-01', to: '2026-03-11', tz: 'UTC' }, now)).toBe(false);
  });
});

describe('partialEnds', () => {
  // Thursday 2026-03-12, 10:00 UTC.
  const now = Date.UTC(2026, 2, 12, 10);

  it('says today so far of a period by day that runs to today, and nothing of one that ended', () => {
    expect(partialEnds({ from: '2026-02-11', to: '2026-03-12', tz: 'UTC' }, 'day', now)).toEqual({ lastPartial: 'Today so far' });
    expect(partialEnds({ from: '2026-02-11', to: '2026-03-11', tz: 'UTC' }, 'day', now)).toEqual({});
  });

  it('names the days of a week a period starts or ends in the middle of, and this week so far', () => {
    // Wednesday 2026-02-11 to today: the first week counts Wednesday to Sunday.
    expect(partialEnds({ from: '2026-02-11', to: '2026-03-12', tz: 'UTC' }, 'week', now)).toEqual({ firstPartial: 'Partial week: 02-11 to 02-15', lastPartial: 'This week so far' });
    // Monday 2026-02-02 to Wednesday 2026-03-04, in the past.
    expect(partialEnds({ from: '2026-02-02', to: '2026-03-04', tz: 'UTC' }, 'week', now)).toEqual({ lastPartial: 'Partial week: 03-02 to 03-04' });
    // Monday to Sunday: whole weeks.
    expect(partialEnds({ from: '2026-02-02', to: '2026-03-08', tz: 'UTC' }, 'week', now)).toEqual({});
    // Within one week: the first week ends where the period does.
    expect(partialEnds({ from: '2026-03-03', to: '2026-03-05', tz: 'UTC' }, 'week', now).firstPartial).toBe('Partial week: 03-03 to 03-05');
  });
});
