import { handleAsync } from '@pricehunt/ui';
import { useState } from 'react';

/** Copies `text` to the clipboard and says so; falls back to selecting a hidden textarea. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else {
        const area = document.createElement('textarea');
        area.value = text;
        document.body.appendChild(area);
        area.select();
        const ok = document.execCommand('copy');
        area.remove();
        if (!ok) throw new Error('copy refused');
      }
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="md-copy">
      <button type="button" className="md-button md-button--secondary" onClick={handleAsync(copy, 'Copying failed:')}>
        {label}
      </button>
      <span role="status" className="md-muted">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </span>
    </span>
  );
}
