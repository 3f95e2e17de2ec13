import { useId } from 'react';
import { useToast } from '@pricehunt/ui-toast';
import { Modal } from '../../lib/modal';
import { AuthForms } from './auth-forms';
import type { AuthMode } from './account-state';

export interface AuthModalProps {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  onClose(): void;
}

/** The auth dialog: sign in, sign up or reset a password, in a modal. */
export function AuthModal({ mode, onModeChange, onClose }: AuthModalProps) {
  const headingId = useId();
  const toast = useToast();
  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <AuthForms
        mode={mode}
        onModeChange={onModeChange}
        headingId={headingId}
        onSuccess={(email) => {
          toast.success(`Signed in as ${email}`);
          onClose();
        }}
      />
    </Modal>
  );
}
