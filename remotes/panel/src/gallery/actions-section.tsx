import { Avatar, Button, ButtonLink, KickAction, LinkButton, Tag } from '@outpost/ui';
import { Specimen, State } from './specimen';

/** Buttons and links, tags and avatars. */
export function ActionsSection() {
  return (
    <>
      <Specimen name="Button" use="An action. One primary per view; danger for what cannot be taken back.">
        <State label="Variants">
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
        <State label="Small, busy, disabled">
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
      <Specimen
        name="ButtonLink and LinkButton"
        use="A navigation that looks like a button; an action that reads as a link."
      >
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
      <Specimen name="Tag" use="A kind, a count or a category (for a state, use StatusBadge).">
        <State label="Tones">
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
      <Specimen name="Avatar" use="A person's picture, or their initials.">
        <State label="Initials, sizes">
          <div className="specimen-row">
            <Avatar name="Zoey Moss" size={24} />
            <Avatar name="Zoey Moss" />
            <Avatar name="bill" size={48} />
          </div>
        </State>
      </Specimen>
      <Specimen
        name="KickAction"
        use="Kick a connected player from the web (players.kick): the button, then a dialog asking for the reason the player is shown."
      >
        <State label="In a player's row">
          <div className="specimen-row">
            <Avatar name="Zoey Moss" size={24} />
            <span>Zoey Moss</span>
            <KickAction serverId="gallery" serverName="Dust II 24/7" player={GALLERY_PLAYER} />
          </div>
        </State>
        <State label="Its reason dialog">
          <p>
            Kick opens it: a reason is required (an empty one is refused beside the field). Here the kick goes to a
            server that does not exist, so the refusal shows as it would on a real page.
          </p>
        </State>
      </Specimen>
    </>
  );
}

const GALLERY_PLAYER = { steamid: 'STEAM_0:1:12345678', name: 'Zoey Moss' };
