import { fireEvent, render, screen } from '@testing-library/react';
import { ProductImage } from './product-image';

const ROUTE = '/api/images/products/7?v=abc123';

describe('product image', () => {
  it('loads the picture from the image route at the widths of its box, sized before it comes, lazily unless told', () => {
    render(<ProductImage src={ROUTE} alt="Sony WH-1000XM5 Wireless Headphones" size="sm" />);
    const image = screen.getByRole('img', { name: 'Sony WH-1000XM5 Wireless Headphones' });
    expect(image).toHaveAttribute('src', `${ROUTE}&w=96`);
    expect(image).toHaveAttribute('srcset', `${ROUTE}&w=96 1x, ${ROUTE}&w=160 2x`);
    expect(image).toHaveAttribute('width', '64');
    expect(image).toHaveAttribute('height', '64');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('loads the first screen’s pictures at once, the product page’s larger', () => {
    render(<ProductImage src={ROUTE} alt="Sony WH-1000XM5" size="lg" eager />);
    const image = screen.getByRole('img', { name: 'Sony WH-1000XM5' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '200');
    expect(image).toHaveAttribute('srcset', `${ROUTE}&w=240 1x, ${ROUTE}&w=480 2x`);
  });

  it('shows a placeholder of the same size, named as the picture would be, when there is none or it fails', () => {
    const { container, rerender } = render(<ProductImage src={null} alt="Acme Kettle" size="md" />);
    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByRole('img', { name: 'Acme Kettle' });
    expect(placeholder).toHaveClass('ph-product-image--md', 'ph-product-image--empty');
    expect(placeholder.querySelector('svg')).not.toBeNull();

    rerender(<ProductImage src={ROUTE} alt="Acme Kettle" size="md" />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image).not.toBeNull();
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Acme Kettle' })).toHaveClass('ph-product-image--empty');

    // Another picture gets its chance.
    rerender(<ProductImage src="/api/images/products/8?v=def456" alt="Acme Kettle" size="md" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/images/products/8?v=def456&w=96');
  });

  it('never loads a link that is not the image route’s (a retailer’s, kept in an older answer or favorite)', () => {
    const { container } = render(<ProductImage src="https://images.retailer.example/kettle.jpg" alt="Acme Kettle" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Acme Kettle' })).toHaveClass('ph-product-image--empty');
  });

  it('hides a placeholder without a name from assistive technology', () => {
    const { container } = render(<ProductImage src={null} alt="" size="xs" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
