import type { Addon } from '@outpost/contracts';
import { useCan, useHost } from '@outpost/host';
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
  const canDelete = useCan('shares.delete-addons');
  const [confirming, setConfirming] = useState(false);
  const { details } = addon;
  const rows: Array<[string, ReactNode]> = [
    ['File', addon.name],
    ['Title', details.title],
    ['Author', details.author],
    ['Version', details.version],
    ['Size', formatBytes(addon.size, { binary })],
    ['Modified', <DateTime key="modified" value={addon.modifiedAt} />],
    ['Source', addon.source === 'workshop' ? `Steam Workshop ${addon.workshopId}` : 'Uploaded'],
    ['Files inside', String(details.fileCount)],
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
            Download
          </ButtonLink>
          {canDelete && (
            <Button variant="danger" icon="delete" onClick={() => setConfirming(true)}>
              Delete
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
        <section aria-label="Maps">
          <h3 className="addon-maps-title">Maps</h3>
          {details.maps.length === 0 ? (
            <EmptyState>This addon holds no maps.</EmptyState>
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
          title={`Delete ${addon.name}?`}
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await deleteAddon(host, addon.shareId, addon.id);
            setConfirming(false);
            if (result.ok) onDeleted();
          }}
        >
          The file is removed from the share and from storage. Servers that use the share lose it on their next sync.
        </ConfirmDialog>
      )}
    </Modal>
  );
}
