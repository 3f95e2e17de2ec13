import { render, screen } from '@testing-library/react';
import { LineChart } from './charts';
import { endsToday } from './use-range';

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
    const { container } = render(<LineChart title="Clicks per day" labels={labels} series={[{ name: 'Clicks', color: '#123456', values: [4, 6, 1] }]} lastUnderWay="Today so far" />);
    const [settled, underWay] = [...container.querySelectorAll('polyline')];
    expect(settled?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(underWay?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(underWay?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect([...container.querySelectorAll('circle')].map((circle) => circle.getAttribute('fill'))).toEqual(['#123456', '#123456', '#fff']);
    expect(container.querySelectorAll('circle title')[2]?.textContent).toBe('Clicks 2026-03-12 (so far): 1');
    expect(screen.getByText('Today so far')).toBeInTheDocument();
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
