import { useT } from '@outpost/host';
import { Button, ConfirmDialog, DescriptionList, Drawer, Field, FormActions, Input, Modal } from '@outpost/ui';
import { useState } from 'react';
import { Specimen, State } from './specimen';

type Open = 'modal' | 'drawer' | 'confirm' | null;

/** The gallery's sample player (a name: the same in every language). */
const PLAYER = 'Zoey Moss';

/** Modal, Drawer and ConfirmDialog: drawn in the kit's portal, opened from here. */
export function OverlaysSection({ initiallyOpen = null }: { initiallyOpen?: Open }) {
  const t = useT();
  const [open, setOpen] = useState<Open>(initiallyOpen);
  const close = () => setOpen(null);
  return (
    <Specimen name="Modal, Drawer, ConfirmDialog" use={t('panel.gallery.use.modal-drawer-confirmdialog')}>
      <State label={t('panel.gallery.state.open-one')}>
        <div className="specimen-row">
          <Button onClick={() => setOpen('modal')}>{t('panel.gallery.demo.openModal')}</Button>
          <Button onClick={() => setOpen('drawer')}>{t('panel.gallery.demo.openDrawer')}</Button>
          <Button variant="danger" onClick={() => setOpen('confirm')}>
            {t('panel.gallery.demo.unbanEllipsis')}
          </Button>
        </div>
      </State>
      {open === 'modal' && (
        <Modal title={t('panel.gallery.demo.editNote')} onClose={close}>
          <form onSubmit={(event) => event.preventDefault()}>
            <Field label={t('panel.gallery.demo.note')}>
              {(control) => <Input {...control} defaultValue={t('panel.gallery.demo.noteMic')} />}
            </Field>
            <FormActions submitLabel={t('panel.gallery.demo.save')} onCancel={close} />
          </form>
        </Modal>
      )}
      {open === 'drawer' && (
        <Drawer
          title={PLAYER}
          onClose={close}
          footer={<Button onClick={close}>{t('panel.gallery.demo.close')}</Button>}
        >
          <DescriptionList
            items={[
              { term: 'Steam ID', value: 'STEAM_0:1:12345678' },
              { term: t('panel.gallery.demo.term.bans'), value: '2' },
            ]}
          />
        </Drawer>
      )}
      {open === 'confirm' && (
        <ConfirmDialog
          title={t('panel.gallery.demo.unbanTitle', { name: PLAYER })}
          confirmLabel={t('panel.gallery.demo.unban')}
          danger
          onConfirm={close}
          onCancel={close}
        >
          {t('panel.gallery.demo.unbanBody')}
        </ConfirmDialog>
      )}
    </Specimen>
  );
}
