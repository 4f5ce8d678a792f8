import type { Addon } from '@outpost/contracts';
import { useCan, useHost, useT } from '@outpost/host';
import {
  Button,
  ButtonLink,
  ConfirmDialog,
  DateTime,
  DescriptionList,
  EmptyState,
  formatBytes,
  Modal,
} from '@outpost/ui';
import { type ReactNode, useState } from 'react';
import { addonFilePath, deleteAddon } from '../shares-api';

/** The addon info modal (:addon): what the file says about itself, its maps, and its actions. */
export function AddonInfoModal({
  addon,
  binary,
  onDeleted,
  onClose,
}: {
  addon: Addon;
  binary: boolean;
  onDeleted(): void;
  onClose(): void;
}) {
  const host = useHost();
  const t = useT();
  const canDelete = useCan('shares.delete-addons');
  const [confirming, setConfirming] = useState(false);
  const { details } = addon;
  const rows: Array<[string, ReactNode]> = [
    [t('shares-addons.info.file'), addon.name],
    [t('shares-addons.column.title'), details.title],
    [t('shares-addons.info.author'), details.author],
    [t('shares-addons.info.version'), details.version],
    [t('shares-addons.column.size'), formatBytes(addon.size, { binary })],
    [t('shares-addons.column.modified'), <DateTime key="modified" value={addon.modifiedAt} />],
    [
      t('shares-addons.column.source'),
      addon.source === 'workshop'
        ? t('shares-addons.info.steamWorkshop', { id: addon.workshopId })
        : t('shares-addons.common.uploaded'),
    ],
    [t('shares-addons.info.filesInside'), String(details.fileCount)],
    ['SHA-256', addon.sha256],
  ];
  return (
    <Modal
      title={addon.title ?? addon.name}
      onClose={onClose}
      width="40rem"
      footer={
        <>
          <ButtonLink href={addonFilePath(addon.shareId, addon.id)} download={addon.name} icon="save">
            {t('shares-addons.info.download')}
          </ButtonLink>
          {canDelete && (
            <Button variant="danger" icon="delete" onClick={() => setConfirming(true)}>
              {t('shares-addons.common.delete')}
            </Button>
          )}
        </>
      }
    >
      <DescriptionList
        items={rows.filter(([, value]) => value !== null && value !== '').map(([term, value]) => ({ term, value }))}
      />
      {details.description && <p className="addon-description">{details.description}</p>}
      {details.kind === 'vpk' && (
        <section aria-label={t('shares-addons.info.maps')}>
          <h3 className="addon-maps-title">{t('shares-addons.info.maps')}</h3>
          {details.maps.length === 0 ? (
            <EmptyState>{t('shares-addons.info.noMaps')}</EmptyState>
          ) : (
            <ul className="addon-maps">
              {details.maps.map((map) => (
                <li key={map}>{map}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('shares-addons.common.deleteTitle', { name: addon.name })}
          confirmLabel={t('shares-addons.common.delete')}
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await deleteAddon(host, addon.shareId, addon.id);
            setConfirming(false);
            if (result.ok) onDeleted();
          }}
        >
          {t('shares-addons.info.delete.body')}
        </ConfirmDialog>
      )}
    </Modal>
  );
}
