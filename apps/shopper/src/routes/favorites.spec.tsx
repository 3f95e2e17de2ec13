import { render, screen } from '@testing-library/react';
import { PriceChange } from './favorites';

describe('the change of a favorite’s price since it was saved', () => {
  it('says a drop in green with its amount and share, an arrow the screen reader skips, and what it is measured from', () => {
    render(<PriceChange saved={150_000} current={129_999} currency="USD" />);
    const change = screen.getByText(/^Down \$200\.01 \(13%\) since saved$/);
    expect(change).toHaveClass('ph-change', 'ph-change--down');
    expect(change).toHaveTextContent('▼ Price Down $200.01 (13%) since saved at $1,500.00');
    expect(screen.getByText('▼')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says a rise in red, a change under one percent, and no change', () => {
    const { rerender } = render(<PriceChange saved={10_000} current={12_500} currency="USD" />);
    expect(screen.getByText(/^Up \$25\.00 \(25%\) since saved$/)).toHaveClass('ph-change--up');
    expect(screen.getByText('▲')).toHaveAttribute('aria-hidden', 'true');
    rerender(<PriceChange saved={100_000} current={99_900} currency="USD" />);
    expect(screen.getByText(/^Down \$1\.00 \(under 1%\) since saved$/)).toBeInTheDocument();
    rerender(<PriceChange saved={100_000} current={100_000} currency="USD" />);
    expect(screen.getByText('Same price as when saved')).toHaveClass('ph-change--same');
    rerender(<PriceChange saved={100_000} current={null} currency="USD" />);
    expect(screen.getByText('No current offers')).toBeInTheDocument();
  });
});
