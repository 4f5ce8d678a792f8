import type { Game } from '@outpost/contracts/browser';

/** The help boxes under the server tables: how to join, make a lobby, and what the icons mean. */
export function HelpBoxes({ games }: { games: readonly Game[] }) {
  return (
    <div className="help-boxes">
      <section className="card help-box" aria-label="How do I join a server?">
        <h3>How do I join a server?</h3>
        <p>
          Press <strong>Join</strong> beside an online server to open the game through Steam, or open the game console (
          <kbd>~</kbd>) and paste the <strong>Direct Connect Command</strong>, for example{' '}
          <code>connect host:port</code>.
        </p>
      </section>
      {games.includes('l4d2') && (
        <section className="card help-box" aria-label="How do I start a lobby on one of our servers?">
          <h3>How do I start a lobby on one of our servers?</h3>
          <p>
            In Left 4 Dead 2, paste the <strong>Create Lobby Command</strong> in the console, then create a lobby from
            the main menu with <em>Best Available Dedicated</em>: it starts on that server.
          </p>
        </section>
      )}
      {games.includes('minecraft') && (
        <section className="card help-box" aria-label="Minecraft">
          <h3>Minecraft</h3>
          <p>
            Choose <em>Multiplayer</em>, then <em>Add Server</em>, and enter the server’s <strong>IP</strong>.
          </p>
        </section>
      )}
      <section className="card help-box" aria-label="What do the icons mean?">
        <h3>What do the icons mean?</h3>
        <p>
          Hover over the icon before a server’s name: it tells whether the server is empty, has players online, is
          online but cannot give data, or is offline.
        </p>
      </section>
    </div>
  );
}
