import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';
import { TextField } from './text-field';

describe('Button', () => {
  it('is a plain button (not submit) by default and runs its action', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('can submit a form', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Log in</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading, and ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not marked busy when idle', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
  });
});

describe('TextField', () => {
  it('labels its input', async () => {
    render(<TextField label="Email" type="email" name="email" />);
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'shop@example.com');
    expect(input).toHaveValue('shop@example.com');
    expect(input).toHaveAttribute('type', 'email');
  });

  it('is valid and described by nothing without hint or error', () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('marks the input invalid and describes it with the error text', () => {
    render(<TextField label="Email" error="Enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('describes the input with hint and error together', () => {
    render(<TextField label="Password" type="password" hint="At least 10 characters" error="Password is required" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 10 characters Password is required');
  });

  it('keeps a given id', () => {
    render(<TextField label="Store domain" id="store-domain" />);
    expect(screen.getByLabelText('Store domain')).toHaveAttribute('id', 'store-domain');
  });

  it('marks required inputs', () => {
    render(<TextField label="Email" required />);
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeRequired();
  });
});

describe('Card', () => {
  it('is a region named by its title, with actions', () => {
    render(
      <Card title="Clicks this week" actions={<button>Export</button>}>
        <p>120</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Clicks this week' });
    expect(region).toHaveTextContent('120');
    expect(screen.getByRole('heading', { level: 2, name: 'Clicks this week' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('uses the requested heading level', () => {
    render(<Card title="Revenue" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Revenue' })).toBeInTheDocument();
  });

  it('is a plain container without a title', () => {
    render(<Card>Body</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('Body')).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it('announces loading with its label', () => {
    render(<Spinner label="Loading prices" />);
    expect(screen.getByRole('status', { name: 'Loading prices' })).toBeInTheDocument();
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows title, description and action', () => {
    render(<EmptyState title="No favorites yet" description="Save a product to see it here." action={<a href="/">Start searching</a>} />);
    expect(screen.getByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(screen.getByText('Save a product to see it here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start searching' })).toHaveAttribute('href', '/');
  });
});

describe('Skeleton', () => {
  it('is a busy status named "Loading…"', () => {
    render(<Skeleton />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveAttribute('data-variant', 'default');
  });

  it('has a landing variant', () => {
    render(<Skeleton variant="landing" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('data-variant', 'landing');
  });

  it('accepts another label', () => {
    render(<Skeleton label="Loading results" />);
    expect(screen.getByRole('status', { name: 'Loading results' })).toBeInTheDocument();
  });
});

describe('Pager', () => {
  it('moves one page back or forward and cannot go past either end', async () => {
    const onPage = jest.fn();
    const { rerender } = render(<Pager page={1} pages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager page={3} pages={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('shows nothing when everything fits on one page, and leads from a page past the end back to the last page', async () => {
    const onPage = jest.fn();
    const { rerender } = render(<Pager page={1} pages={1} onPage={onPage} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    rerender(<Pager page={1} pages={0} onPage={onPage} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    rerender(<Pager page={4} pages={2} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 4 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager page={3} pages={0} onPage={onPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });
});
