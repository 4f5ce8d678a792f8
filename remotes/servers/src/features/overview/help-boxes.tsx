import type { Game } from '@outpost/contracts/browser';
import { Card } from '@outpost/ui/core';

/** The help boxes under the server tables: how to join, make a lobby, and what the icons mean. */
export function HelpBoxes({ games }: { games: readonly Game[] }) {
  return (
    <div className="help-boxes">
      <Card className="help-box" title="How do I join a server?">
        <p>
          Press <strong>Join</strong> beside an online server to open the game through Steam, or open the game console (
          <kbd>~</kbd>) and paste the <strong>Direct Connect Command</strong>, for example{' '}
          <code>connect host:port</code>.
        </p>
      </Card>
      {games.includes('l4d2') && (
        <Card className="help-box" title="How do I start a lobby on one of our servers?">
          <p>
            In Left 4 Dead 2, paste the <strong>Create Lobby Command</strong> in the console, then create a lobby from
            the main menu with <em>Best Available Dedicated</em>: it starts on that server.
          </p>
        </Card>
      )}
      {games.includes('minecraft') && (
        <Card className="help-box" title="Minecraft">
          <p>
            Choose <em>Multiplayer</em>, then <em>Add Server</em>, and enter the server’s <strong>IP</strong>.
          </p>
        </Card>
      )}
      <Card className="help-box" title="What do the icons mean?">
        <p>
          Hover over the icon before a server’s name: it tells whether the server is empty, has players online, is
          online but cannot give data, or is offline.
        </p>
      </Card>
    </div>
  );
}
