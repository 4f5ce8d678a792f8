import { SLOT, useT } from '@outpost/host';
import { Avatar, Button, ButtonLink, KickAction, LinkButton, Tag } from '@outpost/ui';
import { SLOT_2, withTwoNodes } from '../common/with-two-nodes';
import { Specimen, State } from './specimen';

// Component names and the kit's tone ids: code, the same in every language.
const BUTTON_LINK = 'ButtonLink';
const LINK_BUTTON = 'LinkButton';
const TONES = ['info', 'success', 'warning', 'danger', 'neutral'] as const;
const ACCENT = 'accent';

/** Buttons and links, tags and avatars. */
export function ActionsSection() {
  const t = useT();
  return (
    <>
      <Specimen name="Button" use={t('panel.gallery.use.button')}>
        <State label={t('panel.gallery.state.variants')}>
          <div className="specimen-row">
            <Button variant="primary">{t('panel.gallery.demo.save')}</Button>
            <Button>{t('panel.gallery.demo.cancel')}</Button>
            <Button variant="danger" icon="delete">
              {t('panel.gallery.demo.delete')}
            </Button>
            <Button variant="invisible" icon="edit">
              {t('panel.gallery.demo.edit')}
            </Button>
          </div>
        </State>
        <State label={t('panel.gallery.state.small-busy-disabled')}>
          <div className="specimen-row">
            <Button size="small" icon="refresh">
              {t('panel.gallery.demo.refresh')}
            </Button>
            <Button variant="primary" busy>
              {t('panel.gallery.demo.saving')}
            </Button>
            <Button disabled>{t('panel.gallery.demo.notAllowed')}</Button>
          </div>
        </State>
      </Specimen>
      <Specimen name="ButtonLink and LinkButton" use={t('panel.gallery.use.buttonlink-and-linkbutton')}>
        <State label={BUTTON_LINK}>
          <div className="specimen-row">
            <ButtonLink href="/panel/ui" variant="primary" icon="start">
              {t('panel.gallery.demo.join')}
            </ButtonLink>
            <ButtonLink href="/panel/ui">{t('panel.gallery.demo.allServers')}</ButtonLink>
          </div>
        </State>
        <State label={LINK_BUTTON}>
          <p>
            {withTwoNodes(
              t('panel.gallery.demo.wrongPlayer', { change: SLOT, remove: SLOT_2 }),
              <LinkButton>{t('panel.gallery.demo.change')}</LinkButton>,
              <LinkButton danger>{t('panel.gallery.demo.removeNote')}</LinkButton>,
            )}
          </p>
        </State>
      </Specimen>
      <Specimen name="Tag" use={t('panel.gallery.use.tag')}>
        <State label={t('panel.gallery.state.tones')}>
          <div className="specimen-row">
            <Tag>{ACCENT}</Tag>
            {TONES.map((tone) => (
              <Tag key={tone} tone={tone}>
                {tone}
              </Tag>
            ))}
          </div>
        </State>
      </Specimen>
      <Specimen name="Avatar" use={t('panel.gallery.use.avatar')}>
        <State label={t('panel.gallery.state.initials-sizes')}>
          <div className="specimen-row">
            <Avatar name={GALLERY_PLAYER.name} size={24} />
            <Avatar name={GALLERY_PLAYER.name} />
            <Avatar name="bill" size={48} />
          </div>
        </State>
      </Specimen>
      <Specimen name="KickAction" use={t('panel.gallery.use.kickaction')}>
        <State label={t('panel.gallery.state.in-a-player-s-row')}>
          <div className="specimen-row">
            <Avatar name={GALLERY_PLAYER.name} size={24} />
            <span>{GALLERY_PLAYER.name}</span>
            <KickAction serverId="gallery" serverName="Dust II 24/7" player={GALLERY_PLAYER} />
          </div>
        </State>
        <State label={t('panel.gallery.state.its-reason-dialog')}>
          <p>{t('panel.gallery.kick.dialog')}</p>
        </State>
      </Specimen>
    </>
  );
}

const GALLERY_PLAYER = { steamid: 'STEAM_0:1:12345678', name: 'Zoey Moss' };
