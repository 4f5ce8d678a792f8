import { useT } from '@outpost/host';
import { Button, ConfirmDialog } from '@outpost/ui';
import { useState } from 'react';

interface Props {
  /** The button and the dialog's confirm button: 'Delete group'. */
  label: string;
  /** The dialog's title: 'Delete Coop and its 3 servers?'. */
  question: string;
  /** What follows, said in the dialog (by default: it cannot be undone). */
  consequence?: string;
  onConfirm(): Promise<void> | void;
}

/** A delete button that asks first, in the kit's confirm dialog (busy until the deletion answers). */
export function DeleteButton({ label, question, consequence, onConfirm }: Props) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="danger" icon="delete" onClick={() => setAsking(true)}>
        {label}
      </Button>
      {asking && (
        <ConfirmDialog
          title={question}
          confirmLabel={label}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            await onConfirm();
            setAsking(false);
          }}
        >
          <p>{consequence ?? t('servers.common.cannotUndo')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
