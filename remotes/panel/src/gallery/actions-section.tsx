import { useT } from '@outpost/host';
import { Avatar, Button, ButtonLink, KickAction, LinkButton, Tag } from '@outpost/ui';
import { Specimen, State } from './specimen';

/** Buttons and links, tags and avatars. */
export function ActionsSection() {
  const t = useT();
  return (
    <>
      <Specimen name="Button" use={t('panel.gallery.use.button')}>
        <State label={t('panel.gallery.state.variants')}>
          <div className="specimen-row">
            <Button variant="primary">Save</Button>
            <Button>Cancel</Button>
            <Button variant="danger" icon="delete">
              Delete
            </Button>
            <Button variant="invisible" icon="edit">
              Edit
            </Button>
          </div>
        </State>
        <State label={t('panel.gallery.state.small-busy-disabled')}>
          <div className="specimen-row">
            <Button size="small" icon="refresh">
              Refresh
            </Button>
            <Button variant="primary" busy>
              Saving…
            </Button>
            <Button disabled>Not allowed</Button>
          </div>
        </State>
      </Specimen>
      <Specimen name="ButtonLink and LinkButton" use={t('panel.gallery.use.buttonlink-and-linkbutton')}>
        <State label="ButtonLink">
          <div className="specimen-row">
            <ButtonLink href="/panel/ui" variant="primary" icon="start">
              Join
            </ButtonLink>
            <ButtonLink href="/panel/ui">All servers</ButtonLink>
          </div>
        </State>
        <State label="LinkButton">
          <p>
            Wrong player? <LinkButton>Change</LinkButton> or <LinkButton danger>remove the note</LinkButton>.
          </p>
        </State>
      </Specimen>
      <Specimen name="Tag" use={t('panel.gallery.use.tag')}>
        <State label={t('panel.gallery.state.tones')}>
          <div className="specimen-row">
            <Tag>accent</Tag>
            <Tag tone="info">info</Tag>
            <Tag tone="success">success</Tag>
            <Tag tone="warning">warning</Tag>
            <Tag tone="danger">danger</Tag>
            <Tag tone="neutral">neutral</Tag>
          </div>
        </State>
      </Specimen>
      <Specimen name="Avatar" use={t('panel.gallery.use.avatar')}>
        <State label={t('panel.gallery.state.initials-sizes')}>
          <div className="specimen-row">
            <Avatar name="Zoey Moss" size={24} />
            <Avatar name="Zoey Moss" />
            <Avatar name="bill" size={48} />
          </div>
        </State>
      </Specimen>
      <Specimen name="KickAction" use={t('panel.gallery.use.kickaction')}>
        <State label={t('panel.gallery.state.in-a-player-s-row')}>
          <div className="specimen-row">
            <Avatar name="Zoey Moss" size={24} />
            <span>Zoey Moss</span>
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
