import { useT } from '@outpost/host';
import { Button, ConfirmDialog, DescriptionList, Drawer, Field, FormActions, Input, Modal } from '@outpost/ui';
import { useState } from 'react';
import { Specimen, State } from './specimen';

type Open = 'modal' | 'drawer' | 'confirm' | null;

/** Modal, Drawer and ConfirmDialog: drawn in the kit's portal, opened from here. */
export function OverlaysSection({ initiallyOpen = null }: { initiallyOpen?: Open }) {
  const t = useT();
  const [open, setOpen] = useState<Open>(initiallyOpen);
  const close = () => setOpen(null);
  return (
    <Specimen name="Modal, Drawer, ConfirmDialog" use={t('panel.gallery.use.modal-drawer-confirmdialog')}>
      <State label={t('panel.gallery.state.open-one')}>
        <div className="specimen-row">
          <Button onClick={() => setOpen('modal')}>Open modal</Button>
          <Button onClick={() => setOpen('drawer')}>Open drawer</Button>
          <Button variant="danger" onClick={() => setOpen('confirm')}>
            Unban…
          </Button>
        </div>
      </State>
      {open === 'modal' && (
        <Modal title="Edit note" onClose={close}>
          <form onSubmit={(event) => event.preventDefault()}>
            <Field label="Note">{(control) => <Input {...control} defaultValue="Warned for mic spam" />}</Field>
            <FormActions submitLabel="Save" onCancel={close} />
          </form>
        </Modal>
      )}
      {open === 'drawer' && (
        <Drawer title="Zoey Moss" onClose={close} footer={<Button onClick={close}>Close</Button>}>
          <DescriptionList
            items={[
              { term: 'Steam ID', value: 'STEAM_0:1:12345678' },
              { term: 'Bans', value: '2' },
            ]}
          />
        </Drawer>
      )}
      {open === 'confirm' && (
        <ConfirmDialog title="Unban Zoey Moss?" confirmLabel="Unban" danger onConfirm={close} onCancel={close}>
          The ban is lifted now; the history keeps it.
        </ConfirmDialog>
      )}
    </Specimen>
  );
}
