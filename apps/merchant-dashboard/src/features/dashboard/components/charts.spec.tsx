import { render, screen } from '@testing-library/react';
import { LineChart } from './charts';

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
});
