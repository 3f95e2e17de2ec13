import { Button, handleAsync } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';

/** Copies the address of the current result (a shared link shows the same result). */
export function CopyLinkButton() {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link. Copy it from the address bar instead.');
    }
  }
  return (
    <Button variant="secondary" onClick={handleAsync(copy, 'Copying the link failed:')}>
      Copy link
    </Button>
  );
}
