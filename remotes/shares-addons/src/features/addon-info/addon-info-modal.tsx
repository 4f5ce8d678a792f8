import type { Addon } from '@outpost/contracts';
import { useCan, useHost } from '@outpost/host';
import { ConfirmDialog, formatBytes, formatDate, Modal } from '@outpost/ui';
import { useState } from 'react';
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
  const rows: Array<[string, string | null]> = [
    ['File', addon.name],
    ['Title', details.title],
    ['Author', details.author],
    ['Version', details.version],
    ['Size', formatBytes(addon.size, { binary })],
    ['Modified', formatDate(addon.modifiedAt)],
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
          <a className="button is-light" href={addonFilePath(addon.shareId, addon.id)} download={addon.name}>
            Download
          </a>
          {canDelete && (
            <button type="button" className="button is-danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </>
      }
    >
      <dl className="addon-facts">
        {rows
          .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {details.description && <p className="addon-description">{details.description}</p>}
      {details.kind === 'vpk' && (
        <section aria-label="Maps">
          <h3 className="addon-maps-title">Maps</h3>
          {details.maps.length === 0 ? (
            <p className="muted">This addon holds no maps.</p>
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
